/**
 * The screenshot comparison's instant (issue 16 item 6): its portal's billing clock starts there
 * (`BILLING_CLOCK_START`, playwright.config.ts) and the browser's clock is held there (visual/screens.spec.ts), so the
 * seeded data, the dates the pages show and the footer's year are the same on every run. Its own module: the
 * Playwright config imports it, and nothing else of the specs.
 */
export const VISUAL_CLOCK_START = '2026-11-20T15:00:00Z';
