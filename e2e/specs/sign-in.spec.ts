import { BILLING_SUMMARY_PATH, COOKIES, SESSION_PROFILE_PATH } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { settle } from '../support/settle';
import { signIn, signInThroughForm } from '../support/sign-in';

// demo-data.md: every demo user
const DEMO_USERS = [
  'harbor-owner',
  'harbor-admin',
  'harbor-billing',
  'harbor-staff',
  'pinecrest-owner',
  'riverbend-owner',
  'riverbend-billing',
  'maple-owner',
  'northgate-owner',
  'summit-owner',
  'lakeside-manager',
];

for (const username of DEMO_USERS) {
  test(`[AUTH] ${username} signs in through the OIDC redirect flow and lands on the account summary`, async ({
    page,
    t,
  }) => {
    await signIn(page, t, username);
    await expect(page).toHaveURL(/\/account-summary$/);
    await expect(page.getByRole('heading', { level: 1, name: t('nav.accountSummary') })).toBeVisible();
    await expect(page.getByText(/^Welcome, \S+/)).toBeVisible();
  });
}

test('[AUTH] a signed-out visitor of a portal page signs in and comes back to it', async ({ page, t }) => {
  await page.goto('/billing/view-statements');
  await signInThroughForm(page, t, 'harbor-billing');
  await expect(page).toHaveURL(/\/billing\/view-statements$/);
});

for (const hostile of ['https://evil.example/phish', '//evil.example/x', '/api/pub/session/v1/logout']) {
  test(`[AUTH] a hostile targetUrl ${hostile} lands on the account summary`, async ({ page, t }) => {
    await signIn(page, t, 'harbor-admin', hostile);
    await expect(page).toHaveURL(/\/account-summary$/);
  });
}

test('[AUTH] wrong, unknown and locked-out credentials get the same message', async ({ page, t }) => {
  await page.goto('/login');
  await signInThroughForm(page, t, 'harbor-owner', { password: 'not-the-password' });
  const alert = page.getByText(t('signIn.errors.invalidCredentials'));
  await expect(alert).toBeVisible();
  await signInThroughForm(page, t, 'no-such-user', { password: 'not-the-password' });
  await expect(alert).toBeVisible();
  await expectNoAxeViolations(page);
});

test('[AUTH] harbor-staff (STANDARD) has no Billing or Users tab and the server refuses billing APIs', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-staff');
  const menu = page.getByRole('navigation', { name: t('nav.label') });
  await expect(menu.getByRole('link', { name: t('nav.accountSummary') })).toBeVisible();
  await expect(menu.getByRole('link', { name: t('nav.services') })).toBeVisible();
  await expect(menu.getByRole('link', { name: t('nav.billing') })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: t('nav.users') })).toHaveCount(0);
  const billing = await page.request.get(BILLING_SUMMARY_PATH);
  expect(billing.status()).toBe(403);
  expect((await billing.json()).error.code).toBe('FORBIDDEN');
});

test('[AUTH] harbor-owner (PRIMARY) sees Account Summary, Billing, Services and Profile & Settings', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-owner');
  const menu = page.getByRole('navigation', { name: t('nav.label') });
  for (const id of ['nav.accountSummary', 'nav.billing', 'nav.services', 'nav.profileSettings'] as const) {
    await expect(menu.getByRole('link', { name: t(id) })).toBeVisible();
  }
  // product-decisions.md flag rule: with user preferences on (the dev default), users are managed there, not in a tab
  await expect(menu.getByRole('link', { name: t('nav.users') })).toHaveCount(0);
  expect((await page.request.get(BILLING_SUMMARY_PATH)).status()).toBe(200);
});

test('[AUTH] sign-out lands on /login?loggedOut=true and the old session cookie is refused', async ({
  page,
  context,
  t,
}) => {
  await signIn(page, t, 'riverbend-owner');
  await expect(page).toHaveURL(/\/account-summary$/);
  const session = (await context.cookies()).find((cookie) => cookie.name === COOKIES.session);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.getByRole('button', { name: t('session.signOut') }).click();
  // spec §7.1: sign-out goes to /login?loggedOut=true, which opens a fresh sign-in form
  await expect(page).toHaveURL(/\/login\?(.*&)?interaction=/);
  expect(visited).toContain('/login?loggedOut=true');
  await expect(page.getByText(t('signIn.signedOut'))).toBeVisible();
  const replay = await page.request.get(SESSION_PROFILE_PATH, {
    headers: { cookie: `${COOKIES.session}=${session?.value}` },
  });
  expect(replay.status()).toBe(401);
});

test('[AUTH] after 13 idle minutes the timeout dialog counts down 2 minutes and signs out', async ({ page, t }) => {
  await page.clock.install();
  await signIn(page, t, 'maple-owner');
  await expect(page).toHaveURL(/\/account-summary$/);
  // let the page's chunks and calls finish first: jumping the clock past 120 s would time out a chunk in flight (§8)
  await settle(page);
  await page.clock.fastForward('12:50');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.clock.fastForward('00:20');
  const dialog = page.getByRole('alertdialog', { name: t('session.timeout.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: t('session.timeout.stay') })).toBeFocused();
  await page.clock.fastForward('02:01');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(t('signIn.signedOut'))).toBeVisible();
});

test('[AUTH] Stay signed in keeps the session', async ({ page, t }) => {
  await page.clock.install();
  await signIn(page, t, 'lakeside-manager');
  await expect(page).toHaveURL(/\/account-summary$/);
  await settle(page);
  await page.clock.fastForward('13:05');
  const dialog = page.getByRole('alertdialog', { name: t('session.timeout.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('session.timeout.stay') }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get(SESSION_PROFILE_PATH)).status()).toBe(200);
});

test('[LAYOUT] the side menu shows from 1090 px and the mobile footer below', async ({ page, t }) => {
  await page.setViewportSize({ width: 1090, height: 900 });
  await signIn(page, t, 'harbor-owner');
  await expect(page).toHaveURL(/\/account-summary$/);
  const menu = page.getByRole('navigation', { name: t('nav.label') });
  await expect(menu).toHaveCount(1);
  // spec §2.4: the side menu (the complementary region holding the account menu) is 250 px wide
  expect((await page.getByRole('complementary').boundingBox())?.width).toBe(250);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1089, height: 900 });
  await expect(menu).toHaveCount(1);
  const narrow = await menu.boundingBox();
  // the mobile footer: across the bottom of the viewport
  expect(narrow?.width).toBeGreaterThan(250);
  expect((narrow?.y ?? 0) + (narrow?.height ?? 0)).toBeGreaterThan(800);
  await expectNoAxeViolations(page);
});

test.describe('in Spanish', () => {
  test.use({ appLocale: 'es' });

  test('[AUTH] the sign-in page and the shell pass axe; a user who never chose a language keeps the browser Spanish, and choosing one saves it', async ({
    page,
    t,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: t('signIn.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await signInThroughForm(page, t, 'pinecrest-owner');
    await expect(page).toHaveURL(/\/account-summary$/);
    await expect(
      page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.billing') }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // the user never chose a language, so this browser's Spanish applies; choosing one saves it for the user
    expect((await (await page.request.get(SESSION_PROFILE_PATH)).json()).language).toBeNull();
    await page.getByRole('banner').getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get(SESSION_PROFILE_PATH)).json()).language).toBe('en');
  });
});

test('[AUTH] the sign-in page passes axe in English', async ({ page, t }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: t('signIn.title') })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('[AUTH] signed in, /login and / go to the account summary (spec §2.1), not to a sign-in form', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-billing');
  await expect(page).toHaveURL(/\/account-summary$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account-summary$/);
  await expect(page.getByRole('heading', { level: 1, name: t('pages.accountSummary') })).toBeVisible();
  await expect(page.getByLabel(t('signIn.username'))).toHaveCount(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/account-summary$/);
  await expect(page.getByRole('heading', { name: t('home.signIn.title') })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
