import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 20 items 1 and 6 (wider-portal.md §8, spec §2.4): network operations' Orlando outage covers Riverbend's
// service address (demo-data.md: crew dispatched, restoration estimated in 3 hours, medium confidence). Its owner
// reads it first on the account summary, then in the page alert banner of another page; Harbor's owner reads the
// planned maintenance next week on the account summary, and no banner (nothing under way). Both only read.

test('[OUTAGES] riverbend-owner reads the outage on the account summary and in the banner, with its estimate', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'riverbend-owner');
  const alerts = page.getByRole('region', { name: t('outages.alerts.title') });
  await expect(alerts).toContainText(t('outages.alerts.outage'));
  await expect(alerts).toContainText('Internet outage in Downtown Orlando, FL: a crew is on the way.');
  await expect(alerts).toContainText('(medium confidence). Reference OUT-24117.');
  await expectNoAxeViolations(page);

  // another signed-in page: the banner says it (after the page's own load)
  await page.goto('/services');
  const banner = page.getByRole('region', { name: t('shell.alert.warning') });
  await expect(banner).toContainText('Estimated restoration');
  await expect(banner).toContainText('OUT-24117');
  await expectNoAxeViolations(page);
});

test.describe('outages (es)', () => {
  test.use({ appLocale: 'es' });

  test('[OUTAGES] harbor-owner reads next week’s planned maintenance in Spanish; no banner', async ({ page, t }) => {
    await signIn(page, t, 'harbor-owner');
    const alerts = page.getByRole('region', { name: t('outages.alerts.title') });
    await expect(alerts).toContainText(t('outages.alerts.maintenance'));
    await expect(alerts).toContainText('Mantenimiento programado de internet y teléfono');
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const severity of ['info', 'warning', 'error'] as const) {
      await expect(page.getByRole('region', { name: t(`shell.alert.${severity}`), exact: true })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });
});

test('[OUTAGES] a visitor finds Riverbend’s address affected on /outage-map from the list alone, by keyboard', async ({
  page,
  t,
}) => {
  await page.goto('/outage-map');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.outageMap') })).toBeVisible();
  const list = page.getByRole('region', { name: t('outages.list.title') });
  const outage = list.getByRole('article', { name: /Downtown Orlando, FL/ });
  await expect(outage).toContainText(t('outages.stage.crewDispatched'));
  await expect(outage).toContainText(t('outages.confidence.medium'));
  // the map adds nothing for a screen reader: hidden, with the note said instead
  await expect(page.getByText(t('outages.map.note'))).toBeVisible();
  await expectNoAxeViolations(page);

  const check = page.getByRole('region', { name: t('outages.check.title') });
  const street = check.getByRole('textbox', { name: t('outages.check.street') });
  await street.focus();
  await page.keyboard.type('88 River Bend Dr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('32801');
  await page.keyboard.press('Enter');
  await expect(check.getByRole('status')).toContainText('OUT-24117');
  await expect(outage).toContainText(t('outages.event.yourAddress'));
  await expectNoAxeViolations(page);
});
