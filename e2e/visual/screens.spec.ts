import type { Page } from '@playwright/test';
import type { Locale } from '@vireo/shared';
import { expect, test } from '../support/fixtures';
import { settle } from '../support/settle';
import { signIn } from '../support/sign-in';
import { VISUAL_CLOCK_START } from '../support/visual';

// Issue 16 item 6: a visual change is a reviewed change. The style guide and the main pages, at the two widths of
// quality-bars.md's lab profiles, in both languages, compared with the committed baselines of visual/baselines/
// (docs/design.md says how to update them). The `visual` project runs these against a portal of their own whose
// billing clock starts at a fixed instant (playwright.config.ts); toHaveScreenshot's options (animations off, caret
// hidden, the 0.2% tolerance) are the project's.

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

async function snapshot(page: Page, name: string, locale: Locale, viewport: keyof typeof VIEWPORTS) {
  // The footer's version is the release's (package.json): a new version number is not a visual change of any page.
  await expect(page).toHaveScreenshot(`${name}-${viewport}-${locale}.png`, {
    fullPage: true,
    mask: [page.getByTestId('app-version')],
  });
}

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  for (const viewportName of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    const viewport = VIEWPORTS[viewportName];
    test.describe(`screenshots (${appLocale}, ${viewport.width} px)`, () => {
      test.use({ appLocale, viewport });

      test.beforeEach(async ({ page }) => {
        // Date in the page is the portal's instant (the footer's year, the wallet's expiry badges); timers run.
        await page.clock.setFixedTime(VISUAL_CLOCK_START);
      });

      test(`[VISUAL] the style guide /dev/ui (${appLocale}, ${viewport.width} px)`, async ({ page, t }) => {
        await page.goto('/dev/ui');
        await expect(page.getByRole('heading', { level: 1, name: t('styleGuide.title') })).toBeVisible();
        await settle(page, { skeletons: true });
        await snapshot(page, 'style-guide', appLocale, viewportName);
      });

      test(`[VISUAL] the main pages of harbor-owner (${appLocale}, ${viewport.width} px)`, async ({ page, t }) => {
        test.slow();
        await signIn(page, t, 'harbor-owner', '/account-summary');
        await expect(page).toHaveURL(/\/account-summary$/);
        await expect(page.getByRole('heading', { level: 1, name: t('pages.accountSummary') })).toBeVisible();
        await settle(page);
        await snapshot(page, 'account-summary', appLocale, viewportName);

        await page.goto('/billing');
        await expect(page.getByTestId('billing-status-card').getByTestId('amount-due')).toBeVisible();
        await settle(page);
        await snapshot(page, 'billing-home', appLocale, viewportName);

        await page.goto('/billing/pay-bill?open=otp');
        await expect(page.getByRole('form', { name: t('payments.amount.title') })).toBeVisible();
        await settle(page);
        await snapshot(page, 'pay-bill', appLocale, viewportName);

        // the newest statement, opened from the statements list
        await page.goto('/billing/view-statements');
        const rows = page.getByRole('table', { name: t('billing.statements.caption') }).locator('tbody tr');
        await rows.first().getByRole('link').first().click();
        await expect(page).toHaveURL(/\/billing\/view-statements\/[^/]+$/);
        await expect(page.getByTestId('statement-toolbar')).toBeVisible();
        await settle(page);
        await snapshot(page, 'statement', appLocale, viewportName);

        await page.goto('/billing/bill-pay-options');
        await expect(page.getByTestId('wallet-count')).toBeVisible();
        await settle(page);
        await snapshot(page, 'wallet', appLocale, viewportName);
      });
    });
  }
}
