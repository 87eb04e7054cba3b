import { lazyDialog } from './lazy-dialog';

export type { NoticeDialogProps } from './notice-dialog-modal';

/** A modal roadblock (notice-dialog-modal.tsx), loaded when first opened. */
export const NoticeDialog = lazyDialog(() =>
  import('./notice-dialog-modal').then((module) => module.NoticeDialogModal),
);
