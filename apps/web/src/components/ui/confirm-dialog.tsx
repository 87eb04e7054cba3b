import { lazyDialog } from './lazy-dialog';

export type { ConfirmDialogProps } from './confirm-dialog-modal';

/** A modal confirmation (confirm-dialog-modal.tsx), loaded when first opened. */
export const ConfirmDialog = lazyDialog(() =>
  import('./confirm-dialog-modal').then((module) => module.ConfirmDialogModal),
);
