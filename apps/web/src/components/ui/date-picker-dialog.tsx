import { lazyDialog } from './lazy-dialog';

export type { DatePickerDialogProps } from './date-picker-dialog-modal';

/** The calendar dialog (date-picker-dialog-modal.tsx), loaded when first opened. */
export const DatePickerDialog = lazyDialog(() =>
  import('./date-picker-dialog-modal').then((module) => module.DatePickerDialogModal),
);
