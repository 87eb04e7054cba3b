import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 18 item 2 (wider-portal.md §3, ADR 029): maple-owner (whose security no other spec touches) adds a passkey on
// Profile & Settings with Chromium's virtual authenticator, signs out, signs in with the passkey alone, sees
// passkey.added in the audit log (a PRIMARY) and removes the passkey at the end. In the serial `people` project.

test.describe.configure({ mode: 'serial' });
test.use({ appLocale: 'en' });

const USER = 'maple-owner';
const NAME = 'Virtual key';

test('[SECURITY] a passkey is registered and then used to sign in', async ({ page, context, t }) => {
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
  await page.getByRole('button', { name: t('session.signOut') }).click();
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

  // removed at the end, after a confirmation; last used is shown until then
  await page.goto('/profile-and-settings');
  const row = passkeys.getByRole('listitem').filter({ hasText: NAME });
  await expect(row).not.toContainText(t('security.passkeys.never'));
  await row.getByRole('button', { name: `${t('security.passkeys.remove')} ${NAME}` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: t('security.passkeys.remove') }).click();
  await expect(passkeys.getByText(t('security.passkeys.none'))).toBeVisible();
});
