import { type Locale, SESSION_PROFILE_PATH } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 14, what a newcomer hit with two roles (spec §6, product-decisions.md): summit-owner (enterprise, billing
// suppressed) was told on bill-pay options, mobile and streaming that the role lacked billing; harbor-staff (STANDARD)
// was bounced from billing to the account summary with no word. Both only read.

/** The role refusal (spec §6), which an enterprise owner must never read. */
const ROLE_REFUSAL = 'billing.errors.forbidden';

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`roles (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[ROLES] summit-owner sees the enterprise billing notice on bill-pay options, mobile and streaming (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'summit-owner', '/billing/bill-pay-options');
      // every billing address of an enterprise account leads to the billing home's enterprise landing page
      await expect(page).toHaveURL(/\/billing$/);
      const config = (await (await page.request.get('/api/pub/meta/v1/config')).json()) as {
        enterpriseBillingUrl: string;
      };
      for (const path of [
        '/billing/bill-pay-options',
        '/billing/mobile',
        '/billing/mobile/pay',
        '/billing/streaming',
      ]) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/billing$/);
        await expect(page.getByRole('heading', { level: 1, name: t('billing.enterprise.title') }), path).toBeVisible();
        await expect(page.getByRole('link', { name: t('billing.enterprise.link') })).toHaveAttribute(
          'href',
          config.enterpriseBillingUrl,
        );
        await expect(page.getByText(t(ROLE_REFUSAL))).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
    });

    test(`[ROLES] harbor-staff (STANDARD) sent from billing to the account summary reads why (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'harbor-staff', '/billing');
      await expect(page).toHaveURL(/\/account-summary\?notice=noBillingAccess$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.accountSummary') })).toBeVisible();
      const notice = page.getByRole('status').filter({ hasText: t('accountSummary.noBillingAccess.title') });
      await expect(notice).toBeVisible();
      // issue 16 item 4: it names the account owner, who can change the role (the profile says who that is)
      const profile = await (await page.request.get(SESSION_PROFILE_PATH)).json();
      expect(profile.accountOwner.firstName).toBeTruthy();
      const ownerName = `${profile.accountOwner.firstName} ${profile.accountOwner.lastName}`;
      await expect(notice).toContainText(t('accountSummary.noBillingAccess.owner', { ownerName }));
      await expectNoAxeViolations(page);

      await page.goto('/billing/mobile');
      await expect(page).toHaveURL(/\/account-summary\?notice=noBillingAccess$/);
      await expect(notice).toBeVisible();
    });
  });
}
