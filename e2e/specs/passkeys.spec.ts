import { moveBillingClock } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 18 item 2 (wider-portal.md §3, ADR 029): maple-owner (whose security no other spec touches) adds a passkey on
// Profile & Settings with Chromium's virtual authenticator, signs out, signs in with the passkey alone, sees
// passkey.added in the audit log (a PRIMARY), confirms it's them with the passkey when a pay link asks for a step-up
// (issue 18 item 3; the billing clock moved past the 10 minutes) and removes the passkey at the end. In the serial
// `people` project, which may move the billing clock.

test.describe.configure({ mode: 'serial' });
test.use({ appLocale: 'en' });

const USER = 'maple-owner';
const NAME = 'Virtual key';

test('[SECURITY] a passkey is registered, used to sign in and to confirm a step-up', async ({
  page,
  context,
  request,
  t,
}) => {
  test.slow();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signIn(page, t, USER, '/profile-and-settings');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.profileSettings') })).toBeVisible();
  const passkeys = page.getByRole('region', { name: t('security.passkeys.title') });
  await expect(passkeys.getByText(t('security.passkeys.none'))).toBeVisible();
  await expectNoAxeViolations(page);

  await passkeys.getByLabel(t('security.passkeys.newName')).fill(NAME);
  await passkeys.getByRole('button', { name: t('security.passkeys.add') }).click();
  await expect(passkeys.getByRole('listitem').filter({ hasText: NAME })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: NAME })).toBeVisible();
  await expectNoAxeViolations(page);

  // signed out, then signed in with the passkey alone (no username typed)
  await page.getByRole('button', { name: t('session.signOut'), exact: true }).click();
  await expect(page).toHaveURL(/\/login\?(.*&)?interaction=/);
  await page.getByRole('button', { name: t('signIn.passkey.submit') }).click();
  await expect(page).toHaveURL(/\/account-summary$/);

  // a PRIMARY's audit log lists the new passkey
  await page.goto('/profile-and-settings/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.auditLog') })).toBeVisible();
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: t('auditLog.action.passkeyAdded') })
      .first(),
  ).toBeVisible();

  // more than 10 minutes after the sign-in, a pay link asks "Confirm it's you": the passkey answers it
  await moveBillingClock(request, { advance: '11m' });
  await page.goto('/billing/pay-links');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.payLinks') })).toBeVisible();
  await page.getByRole('textbox', { name: t('payLinks.field.cap') }).fill('25');
  await page.getByRole('textbox', { name: t('payLinks.field.uses') }).fill('1');
  await page.getByRole('button', { name: t('payLinks.create.submit') }).click();
  const stepUp = page.getByRole('dialog', { name: t('session.stepUp.title') });
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(page);
  await stepUp.getByRole('button', { name: t('session.stepUp.passkey.use') }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('heading', { name: t('payLinks.created.title') })).toBeVisible();

  // removed at the end, after a confirmation; last used is shown until then
  await page.goto('/profile-and-settings');
  const row = passkeys.getByRole('listitem').filter({ hasText: NAME });
  await expect(row).not.toContainText(t('security.passkeys.never'));
  await row.getByRole('button', { name: `${t('security.passkeys.remove')} ${NAME}` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: t('security.passkeys.remove') }).click();
  await expect(passkeys.getByText(t('security.passkeys.none'))).toBeVisible();
});
