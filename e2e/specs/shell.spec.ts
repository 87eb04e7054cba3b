import type { Locale } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test, translator } from '../support/fixtures';

const LOCALES: Locale[] = ['en', 'es'];
const SHELL_PAGES = [
  { path: '/', title: 'home.title' },
  { path: '/404', title: 'notFound.title' },
  { path: '/maintenance', title: 'maintenance.title' },
] as const;

test('[SHELL] loads at / with the business document title and brand', async ({ page, t }) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();
  await expect(page).toHaveTitle('Vireo Business | My Account');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Vireo Business' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(t('shell.footer.environment', { environment: 'dev' }));
});

test('[SHELL] the skip link is the first Tab stop and moves focus to main', async ({ page, t }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();

  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: t('shell.skipToContent') });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('[SHELL] switching to Español translates the page, sets <html lang> and survives a reload', async ({
  page,
  t,
}) => {
  const es = translator('es');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // the header's switch (the footer has one too: the only one below 768 px)
  await page
    .getByRole('banner')
    .getByRole('radiogroup', { name: t('shell.language.label') })
    .getByRole('radio', { name: 'Español' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: es('home.title') })).toBeVisible();
  await expect(page.getByText(t('home.intro'))).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const landmark of ['banner', 'contentinfo'] as const) {
    await expect(page.getByRole(landmark).getByRole('radio', { name: 'Español' })).toBeChecked();
  }

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: es('home.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('banner').getByRole('radiogroup', { name: es('shell.language.label') })).toBeVisible();
});

test('[SHELL] the footer’s language switch works with the keyboard', async ({ page, t }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const english = footer.getByRole('radio', { name: 'English' });
  await expect(english).toBeChecked();

  await english.focus();
  await page.keyboard.press('ArrowRight');
  await expect(footer.getByRole('radio', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Space');

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: translator('es')('home.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toHaveCount(0);
});

test('[SHELL] an unknown path shows the 404 page with a way home', async ({ page, t }) => {
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  await page.getByRole('link', { name: t('notFound.homeLink') }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: t('home.title') })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
});

for (const appLocale of LOCALES) {
  test.describe(`in ${appLocale}`, () => {
    test.use({ appLocale });

    for (const { path, title } of SHELL_PAGES) {
      test(`[SHELL] ${path} has no axe violations (${appLocale})`, async ({ page, t }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: t(title) })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', appLocale);

        await expectNoAxeViolations(page);
      });
    }
  });
}

test('[SHELL] the OpenAPI docs page responds', async ({ request }) => {
  const response = await request.get('/api/docs');
  expect(response.status()).toBe(200);
});

test('[SHELL] /readyz reports ok', async ({ request }) => {
  const response = await request.get('/readyz');
  expect(response.status()).toBe(200);
  const body: unknown = await response.json();
  expect(body).toMatchObject({ status: 'ok' });
});
