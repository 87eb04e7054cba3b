import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, followLink, openEmail } from '../support/mailbox';
import { signInThroughForm } from '../support/sign-in';

// Issue 17 items 2-5 (wider-portal.md §1): Create account from nothing, the e-mailed link followed through
// /dev/mailbox, and account recovery. Oak & Ivy Florist has no portal user (demo-data.md): its owner is created once,
// in English; the Spanish pages are checked without creating anything. The reset of harbor-admin's password runs in
// a project of its own, after the specs that sign in as harbor-admin (open-doors-reset.spec.ts).

const OAK_AND_IVY = { account: '8260 1700 8008 5566', zip: '97205', code: '482913' };
const OWNER = {
  firstName: 'Iris',
  lastName: 'Okafor',
  email: 'iris@oakandivy.example',
  username: 'oakivy-owner',
  password: 'ivy fern tulip lantern',
};

test.describe('in en', () => {
  // the refusals the flows show: a wrong detail (422) and an account that has its owner (409)
  test.use({ appLocale: 'en', allowedHttpErrors: [409, 422] });

  test("[OPEN] Oak & Ivy's owner goes from nothing to a signed-in account summary", async ({ page, t }) => {
    test.slow();
    await page.goto('/create-account');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.create.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(t('accountAccess.field.billingAccount')).fill(OAK_AND_IVY.account);
    await page.getByLabel(t('accountAccess.field.zip')).fill(OAK_AND_IVY.zip);
    // a wrong code first: one answer for any wrong detail, and what was typed stays
    await page.getByLabel(t('accountAccess.field.statementCode')).fill('000000');
    await page.getByLabel(t('accountAccess.field.firstName')).fill(OWNER.firstName);
    await page.getByLabel(t('accountAccess.field.lastName')).fill(OWNER.lastName);
    await page.getByLabel(t('accountAccess.field.email')).fill(OWNER.email);
    await page.getByLabel(t('accountAccess.field.username')).fill(OWNER.username);
    await page.getByLabel(t('accountAccess.field.password'), { exact: true }).fill(OWNER.password);
    await expect(page.getByText(t('password.meter.strong'))).toBeVisible();
    await page.getByRole('button', { name: t('accountAccess.create.submit') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('accountAccess.refused.mismatchTitle') })).toBeVisible();
    await expect(page.getByLabel(t('accountAccess.field.username'))).toHaveValue(OWNER.username);
    await expectNoAxeViolations(page);

    await page.getByLabel(t('accountAccess.field.statementCode')).fill(OAK_AND_IVY.code);
    await page.getByRole('button', { name: t('accountAccess.create.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.sent.title') })).toBeFocused();
    await expect(page.getByRole('status')).toContainText(OWNER.email);

    // the verification e-mail, followed from the mailbox: the page asks before it acts
    const body = await openEmail(page, t, OWNER.email, emailSubject('en', 'link.verify.subject'));
    await expect(body).toContainText(OWNER.username);
    await followLink(body, '/verify-link');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.verify.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('accountAccess.verify.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.verified.title') })).toBeFocused();

    // the owner exists now: sign in, and land on the account summary of Oak & Ivy
    await page.getByRole('link', { name: t('accountAccess.signIn') }).click();
    await signInThroughForm(page, t, OWNER.username, { password: OWNER.password });
    await expect(page).toHaveURL(/\/account-summary$/);
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.verified.title') })).toHaveCount(0);
    await expect(page.getByText('Oak & Ivy Florist').first()).toBeVisible();

    // the account has its owner: a second try is told to ask for an invitation
    await page.context().clearCookies();
    await page.goto('/create-account');
    await page.getByLabel(t('accountAccess.field.billingAccount')).fill(OAK_AND_IVY.account);
    await page.getByLabel(t('accountAccess.field.zip')).fill(OAK_AND_IVY.zip);
    await page.getByLabel(t('accountAccess.field.statementCode')).fill(OAK_AND_IVY.code);
    await page.getByLabel(t('accountAccess.field.firstName')).fill('Sam');
    await page.getByLabel(t('accountAccess.field.lastName')).fill('Ortiz');
    await page.getByLabel(t('accountAccess.field.email')).fill('sam@oakandivy.example');
    await page.getByLabel(t('accountAccess.field.username')).fill('oakivy-sam');
    await page.getByLabel(t('accountAccess.field.password'), { exact: true }).fill('lily moss pebble harbor');
    await page.getByRole('button', { name: t('accountAccess.create.submit') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('accountAccess.refused.ownerTitle') })).toBeVisible();
  });

  test('[OPEN] a forgotten username is e-mailed, asked for by keyboard alone', async ({ page, t }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: t('signIn.forgotUsername') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.recovery.title') })).toBeVisible();
    const choice = page.getByRole('radio', { name: t('accountAccess.recovery.forgotUsername') });
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t('accountAccess.field.email'))).toBeFocused();
    await page.keyboard.type('riverbend-owner@riverbendauto.example');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.sent.title') })).toBeFocused();
    const body = await openEmail(page, t, 'riverbend-owner@riverbendauto.example', /username/i);
    await expect(body).toContainText('riverbend-owner');
  });

  test('[OPEN] an address with no token, and one that was never sent, both say the link does not work', async ({
    page,
    t,
  }) => {
    await page.goto('/verify-link?token=abc');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.link.unknownTitle') })).toBeVisible();
    await page.goto(`/verify-link?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.link.unknownTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('in es', () => {
  test.use({ appLocale: 'es' });

  test('[OPEN] the open doors read in Spanish with no axe violation', async ({ page, t }) => {
    await page.goto('/create-account');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.create.title') })).toBeVisible();
    await page.getByRole('button', { name: t('accountAccess.create.submit') }).click();
    await expect(page.getByLabel(t('accountAccess.field.billingAccount'))).toBeFocused();
    await expectNoAxeViolations(page);
    await page.goto('/account-recovery?password-reset-required');
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.required.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/verify-link?token=${'B'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.link.unknownTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
