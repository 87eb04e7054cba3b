/** Class lists shared by the billing screens (Tailwind tokens of styles.css). */
export const CARD = 'rounded-xl border border-line bg-surface p-5 md:p-6';
export const PRIMARY_BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-4 font-semibold text-ink hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
export const TEXT_LINK = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
export const PAGE = 'mx-auto max-w-6xl px-4 py-8 md:py-12';
export const PAGE_TITLE = 'text-3xl font-bold tracking-tight text-navy-900';
export const SECTION_TITLE = 'text-xl font-semibold text-navy-900';
