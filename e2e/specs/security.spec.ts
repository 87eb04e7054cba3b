import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { changePassword } from '../support/security';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';

// Issue 18 item 2 (wider-portal.md §3): a changed password ends another browser's session. northgate-owner signs in
// from two browsers; the first changes the password on Profile & Settings, the second's next page is the sign-in.
// The password is put back at the end (other specs sign northgate-owner in with the demo password), so it runs in the
// serial `people` project.

test.describe.configure({ mode: 'serial' });
test.use({ appLocale: 'en' });

const USER = 'northgate-owner';
const NEW_PASSWORD = 'lantern harbor tide 42';

test('[SECURITY] a changed password ends another browser’s session', async ({ page, t, browser, baseURL, locale }) => {
  test.slow();
  const other = await browser.newContext({ baseURL, locale });
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, t, USER, '/account-summary');
    await expect(otherPage).toHaveURL(/\/account-summary$/);

    await signIn(page, t, USER, '/profile-and-settings');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.profileSettings') })).toBeVisible();
    const sessions = page.getByRole('region', { name: t('security.sessions.title') });
    await expect(sessions.getByText(t('security.sessions.thisDevice'))).toBeVisible();
    // the other browser is listed too
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page);

    await changePassword(page, t, DEMO_PASSWORD, NEW_PASSWORD);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // the other browser's next navigation lands on the sign-in
    await otherPage.goto('/billing');
    await expect(otherPage.getByRole('heading', { name: t('signIn.title') })).toBeVisible();

    // this one is still signed in; the demo password goes back for the other specs
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('pages.profileSettings') })).toBeVisible();
    await changePassword(page, t, NEW_PASSWORD, DEMO_PASSWORD);
  } finally {
    await other.close();
  }
});
