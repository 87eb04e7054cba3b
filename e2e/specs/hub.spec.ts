import type { Locale } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 16 item 5: the account summary is the account's hub (the bill, the account, help, one card per area), and
// a page whose area has not landed (support forms) says what it will hold and where to go meanwhile. Both only read.

const LOCALES: readonly Locale[] = ['en', 'es'];

for (const appLocale of LOCALES) {
  test.describe(`in ${appLocale}`, () => {
    test.use({ appLocale });

    test(`[HUB] harbor-owner reaches each area from the account summary, by keyboard (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'harbor-owner');
      await expect(page).toHaveURL(/\/account-summary$/);
      await expect(page.getByTestId('billing-status-card').getByTestId('amount-due')).toBeVisible();
      const details = page.getByRole('region', { name: t('accountSummary.details.title') });
      await expect(details).toContainText('Harbor Coffee Co.');
      const help = page.getByRole('region', { name: t('accountSummary.help.title') });
      await expect(help.getByRole('link').first()).toHaveAttribute('href', /^tel:\+1\d{10}$/);
      const areas = page.getByRole('region', { name: t('accountSummary.areas.title') });
      // Harbor has business phone (demo-data.md), and its owner manages users and reads the audit log (issue 18)
      await expect(areas.getByRole('heading', { level: 3 })).toHaveText([
        t('accountSummary.area.services.title'),
        t('accountSummary.area.appointments.title'),
        t('accountSummary.area.outages.title'),
        t('accountSummary.area.support.title'),
        t('accountSummary.area.users.title'),
        t('accountSummary.area.auditLog.title'),
        t('accountSummary.area.voice.title'),
      ]);
      await expect(page.getByText(/isn’t available yet|aún no está disponible/)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Keyboard: focus the services card's link and follow it with Enter: the services page (issue 19 item 1)
      const services = areas.getByRole('link', { name: t('accountSummary.area.services.link') });
      await services.focus();
      await expect(services).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/services$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.services') })).toBeVisible();
      await expect(page.getByRole('region', { name: t('services.service.internet') })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/account-summary$/);

      // The outages card: the outage map, its list first (issue 20 item 5)
      const outages = areas.getByRole('link', { name: t('accountSummary.area.outages.link') });
      await outages.focus();
      await expect(outages).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/outage-map$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.outageMap') })).toBeVisible();
      await expect(page.getByRole('region', { name: t('outages.list.title') })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/account-summary$/);

      // The help card: the help centre (issue 21 items 1-2)
      const support = areas.getByRole('link', { name: t('accountSummary.area.support.link') });
      await support.focus();
      await expect(support).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/support$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.support') })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('link', { name: t('support.category.billing'), exact: true }),
      ).toBeVisible();

      // Writing to support (issue 21 item 4), from the help centre's link
      const write = page.getByRole('main').getByRole('link', { name: t('support.contact.forms') });
      await write.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/support\/forms$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.supportForms') })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { name: t('support.forms.title') })).toBeVisible();
      await expectNoAxeViolations(page);

      // A page not landed yet (the information page without an article): it says what it will hold and where to
      // go meanwhile
      await page.goto('/page');
      await expect(page.getByRole('heading', { level: 1, name: t('pages.information') })).toBeVisible();
      await expect(page.getByText(t('placeholder.area.information'))).toBeVisible();
      const meanwhile = page.getByRole('region', { name: t('placeholder.meanwhile.title') });
      await expect(meanwhile.getByRole('link').first()).toHaveAttribute('href', /^tel:\+1\d{10}$/);
      await expectNoAxeViolations(page);
      const back = meanwhile.getByRole('link', { name: t('placeholder.meanwhile.accountSummary') });
      await back.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/account-summary$/);
    });
  });
}

test('[HUB] harbor-staff (STANDARD) sees no bill and no users card; a visitor is offered sign-in meanwhile', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-staff');
  const areas = page.getByRole('region', { name: t('accountSummary.areas.title') });
  await expect(areas.getByRole('heading', { level: 3, name: t('accountSummary.area.support.title') })).toBeVisible();
  await expect(areas.getByRole('heading', { level: 3, name: t('accountSummary.area.users.title') })).toHaveCount(0);
  await expect(page.getByTestId('billing-status-card')).toHaveCount(0);
  await page.context().clearCookies();

  await page.goto('/page');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.information') })).toBeVisible();
  const meanwhile = page.getByRole('region', { name: t('placeholder.meanwhile.title') });
  await expect(meanwhile.getByRole('link', { name: t('placeholder.meanwhile.signIn') })).toHaveAttribute(
    'href',
    '/login',
  );
  await expectNoAxeViolations(page);
});
