import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, type Translate, test } from '../support/fixtures';
import { emailSubject, followLink, openEmail } from '../support/mailbox';
import { changePassword } from '../support/security';
import { DEMO_PASSWORD, signIn, signInThroughForm } from '../support/sign-in';

// Issue 18 item 4 (wider-portal.md §2, §3): pinecrest-owner (whose notifications and security no other people spec
// touches, and whom no later project signs in) turns on a text for "Payment received", which is kept; then changes the
// password, and the security notice's "This wasn't me" ends every session and requires a new password. Both are put
// back (the text turned off again, the demo password set again through the reset link). In the serial `people` project.

test.describe.configure({ mode: 'serial' });
test.use({ appLocale: 'en' });

const USER = 'pinecrest-owner';
const EMAIL = 'pinecrest-owner@pinecrestdental.example';
const NEW_PASSWORD = 'molar crown lantern 77';

async function openNotifications(page: Page, t: Translate) {
  await signIn(page, t, USER, '/profile-and-settings');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.profileSettings') })).toBeVisible();
  const section = page.getByRole('region', { name: t('notifications.title') });
  await expect(section.getByRole('table')).toBeVisible();
  return section;
}

const checkbox = (t: Translate, section: Locator, channel: 'email' | 'text', event: string) =>
  section.getByRole('checkbox', {
    name: t(channel === 'email' ? 'notifications.channel.emailFor' : 'notifications.channel.textFor', { event }),
    exact: true,
  });

test('[NOTIFICATIONS] a text for "Payment received" is turned on, saved and kept; security notices stay on', async ({
  page,
  t,
}) => {
  const section = await openNotifications(page, t);
  const paymentReceived = t('notifications.event.paymentReceived');
  const security = t('notifications.event.security');
  await expect(checkbox(t, section, 'email', security)).toBeDisabled();
  await expect(checkbox(t, section, 'email', security)).toBeChecked();
  await expect(section.getByText(t('notifications.locked'))).toBeVisible();
  await expectNoAxeViolations(page);

  const text = checkbox(t, section, 'text', paymentReceived);
  await expect(text).not.toBeChecked();
  // by keyboard: focus the box, Space checks it, then the Save button by Enter
  await text.focus();
  await page.keyboard.press('Space');
  await expect(text).toBeChecked();
  await section.getByRole('button', { name: t('notifications.save') }).press('Enter');
  await expect(section.getByRole('status')).toHaveText(t('notifications.saved'));

  await page.reload();
  const reloaded = page.getByRole('region', { name: t('notifications.title') });
  await expect(checkbox(t, reloaded, 'text', paymentReceived)).toBeChecked();

  // put back
  await checkbox(t, reloaded, 'text', paymentReceived).uncheck();
  await reloaded.getByRole('button', { name: t('notifications.save') }).click();
  await expect(reloaded.getByRole('status')).toHaveText(t('notifications.saved'));
});

test('[NOTIFICATIONS] "This wasn\'t me" in the security notice ends every session and requires a new password', async ({
  page,
  t,
}) => {
  test.slow();
  await signIn(page, t, USER, '/profile-and-settings');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.profileSettings') })).toBeVisible();
  await changePassword(page, t, DEMO_PASSWORD, NEW_PASSWORD);

  // the security notice carries the "This wasn't me" link after its paragraph (the last portal link of the e-mail)
  const notice = await openEmail(page, t, EMAIL, emailSubject('en', 'security.passwordChanged.subject'));
  const notMeParagraph = emailSubject('en', 'notice.notMe.email').split('\n')[0] ?? '';
  await expect(notice).toContainText(notMeParagraph.split(':')[0] ?? notMeParagraph);
  const notMe = notice.getByRole('link', { name: /\/verify-link\?token=/ }).last();
  await expect(notMe).toBeVisible();
  await notMe.click();

  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.notMe.title') })).toBeVisible();
  await expect(page.getByText(t('accountAccess.notMe.bodyFor', { username: USER, hours: 24 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('accountAccess.notMe.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.notMe.doneTitle') })).toBeFocused();
  await expectNoAxeViolations(page);

  // this browser's session ended too
  await page.goto('/account-summary');
  await expect(page.getByRole('heading', { name: t('signIn.title') })).toBeVisible();
  // and the new password no longer signs in: a new one is required
  await signInThroughForm(page, t, USER, { password: NEW_PASSWORD });
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.required.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/account-recovery\?password-reset-required=true$/);

  // put back: the demo password through the e-mailed reset link
  await page.getByLabel(t('accountAccess.field.email')).fill(EMAIL);
  await page.getByRole('button', { name: t('accountAccess.recovery.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.sent.title') })).toBeFocused();
  const reset = await openEmail(page, t, EMAIL, emailSubject('en', 'link.reset.subject'));
  await followLink(reset, '/verify-link');
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.reset.title') })).toBeVisible();
  await page.getByLabel(t('accountAccess.field.newPassword'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('accountAccess.reset.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.reset.doneTitle') })).toBeFocused();
  await page.getByRole('link', { name: t('accountAccess.signIn') }).click();
  await signInThroughForm(page, t, USER);
  await expect(page).toHaveURL(/\/account-summary$/);
});
