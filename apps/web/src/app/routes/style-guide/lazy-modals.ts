import { lazyDialog } from '../../../components/ui/lazy-dialog';

/*
 * The kit's notice and calendar modals, loaded when first opened, as the kit's wrappers load them (notice-dialog.tsx,
 * date-picker-dialog.tsx: the same one line each). Not those wrappers themselves: each lives in the chunk of the one
 * screen that uses it, and importing it here would move it into a chunk of its own for that screen too (+0.4 kB of
 * the whole app, for a page no customer loads).
 */

export const NoticeDialog = lazyDialog(() =>
  import('../../../components/ui/notice-dialog-modal').then((module) => module.NoticeDialogModal),
);

export const DatePickerDialog = lazyDialog(() =>
  import('../../../components/ui/date-picker-dialog-modal').then((module) => module.DatePickerDialogModal),
);
