/**
 * Class lists of the form screens (payments, Auto Pay, the wallet; Tailwind tokens of styles.css), in step with the
 * billing screens.
 */
export const PRIMARY_BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-4 font-semibold text-ink hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
export const TEXT_LINK = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
export const STEP_TITLE = 'text-xl font-semibold text-navy-900 outline-none';
export const INPUT =
  'mt-1 block min-h-11 w-full max-w-sm rounded-md border border-line-strong bg-surface px-3 text-ink aria-invalid:border-danger-700 read-only:bg-surface-muted';
export const LABEL = 'block font-semibold text-ink';
export const HINT = 'mt-1 text-sm text-ink-muted';
export const FIELD_ERROR = 'mt-1 text-sm font-semibold text-danger-700';
export const NOTICE = 'rounded-lg border border-line bg-surface-muted p-4 text-ink';
export const WARNING = 'rounded-lg border border-warning-700/40 bg-warning-50 p-4 text-ink';
export const CHOICE =
  'flex min-h-11 items-center gap-3 rounded-md border border-line px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:bg-surface-muted';
export const CARD = 'rounded-xl border border-line bg-surface p-5 md:p-6';
export const PAGE = 'mx-auto max-w-6xl px-4 py-8 md:py-12';
export const PAGE_TITLE = 'text-3xl font-bold tracking-tight text-navy-900';
export const SECTION_TITLE = 'text-xl font-semibold text-navy-900';
export const SUCCESS = 'rounded-lg border border-brand-700/40 bg-brand-50 p-4 text-ink';
export const BADGE = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold';
