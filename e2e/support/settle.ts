import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page is still: no skeleton left in the page (a LoadingPlaceholder pulses), nothing loading, every
 * image and the web font in. Not `networkidle`: it is the portal's own signs that say a page is done. Three times (stop
 * 44's CI, stop 46's clean-clone run and its official CI) a signed-in page never reached networkidle within the test's
 * time, its last request long answered (an open connection Playwright counts, e.g. the analytics queue's); Playwright
 * advises against it. The style guide shows its skeletons on purpose (`skeletons: true`).
 */
export async function settle(page: Page, { skeletons = false } = {}): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  if (!skeletons) await expect(page.locator('main .motion-safe\\:animate-pulse')).toHaveCount(0);
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
