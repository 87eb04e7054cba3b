export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to `<main>` without scrolling, so the next Tab or screen-reader read starts at the page content. */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
