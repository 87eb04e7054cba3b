import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, followLink, openEmail } from '../support/mailbox';
import { DEMO_PASSWORD, signInThroughForm } from '../support/sign-in';

// Issue 17 item 4, Done when: harbor-admin's password reset through the e-mailed link; the old password then fails.
// A project of its own (playwright.config.ts `open-doors`), after the `chromium` specs that sign in as harbor-admin
// with the demo password.

const ADMIN = 'harbor-admin';
const ADMIN_EMAIL = 'harbor-admin@harborcoffee.example';
const NEW_PASSWORD = 'espresso harbor tide lamp';

test.use({ appLocale: 'en' });

test("[OPEN] harbor-admin's password is reset by the e-mailed link, and the old one then fails", async ({
  page,
  t,
}) => {
  test.slow();
  await page.goto('/login');
  await page.getByRole('link', { name: t('signIn.forgotPassword') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.recovery.resetTitle') })).toBeVisible();
  await page.getByLabel(t('accountAccess.field.email')).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: t('accountAccess.recovery.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.sent.title') })).toBeFocused();

  const body = await openEmail(page, t, ADMIN_EMAIL, emailSubject('en', 'link.reset.subject'));
  await followLink(body, '/verify-link');
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.reset.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/account-recovery\?password-reset=true$/);
  await expect(page.getByText(ADMIN, { exact: false }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(t('accountAccess.field.newPassword'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('accountAccess.reset.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.reset.doneTitle') })).toBeFocused();

  // the old password fails, the new one signs in
  await page.getByRole('link', { name: t('accountAccess.signIn') }).click();
  await signInThroughForm(page, t, ADMIN, { password: DEMO_PASSWORD });
  await expect(page.getByText(t('signIn.errors.invalidCredentials'))).toBeVisible();
  await signInThroughForm(page, t, ADMIN, { password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/account-summary$/);

  // the security notice went to the same address
  await openEmail(page, t, ADMIN_EMAIL, emailSubject('en', 'security.passwordChanged.subject'));
});
