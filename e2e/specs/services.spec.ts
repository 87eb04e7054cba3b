import type { Locale } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 19 item 1 (wider-portal.md §5): harbor-owner's services with their plans, lines and equipment, online or not;
// a device renamed by keyboard and its nickname removed again (each language its own device: the tests run in
// parallel); spec §5: the DVR of a CHTR account cannot be renamed; harbor-staff (STANDARD) renames nothing.

const DEVICE = {
  en: { service: 'services.service.internet', type: 'services.device.router' },
  es: { service: 'services.service.phone', type: 'services.device.voiceAdapter' },
} as const satisfies Record<Locale, { service: string; type: string }>;

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`services (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[SERVICES] harbor-owner sees each service and its equipment, and renames a device by keyboard (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'harbor-owner', '/services');
      await expect(page.getByRole('heading', { level: 1, name: t('pages.services') })).toBeVisible();
      const internet = page.getByRole('region', { name: t('services.service.internet') });
      await expect(internet).toContainText('Business Internet Gig');
      await expect(internet).toContainText('Front counter gateway');
      await expect(internet.getByText(t('services.device.online')).first()).toBeVisible();
      const tv = page.getByRole('region', { name: t('services.service.tv') });
      await expect(tv).toContainText(t('services.device.dvr'));
      await expect(tv.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('region', { name: t('services.service.phone') })).toContainText(
        t('services.lines.count', { count: 3 }),
      );
      await expectNoAxeViolations(page);

      // by keyboard: Rename, the field (focused), a name, Enter
      const type = t(DEVICE[appLocale].type);
      const region = page.getByRole('region', { name: t(DEVICE[appLocale].service) });
      const rename = region.getByRole('button', { name: t('services.nickname.renameOf', { name: type }) });
      await rename.focus();
      await page.keyboard.press('Enter');
      const field = region.getByRole('textbox', { name: t('services.nickname.label', { type }) });
      await expect(field).toBeFocused();
      const nickname = `Patio ${appLocale}`;
      await page.keyboard.type(nickname);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toHaveText(t('services.nickname.saved', { name: nickname }));
      await expect(region.getByText(nickname, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // put back: an empty nickname removes it
      await region.getByRole('button', { name: t('services.nickname.renameOf', { name: nickname }) }).click();
      await region.getByRole('textbox', { name: t('services.nickname.label', { type }) }).fill('');
      await region.getByRole('button', { name: t('services.nickname.save') }).click();
      await expect(page.getByRole('status')).toHaveText(t('services.nickname.removed', { type }));
      await expect(region.getByRole('button', { name: t('services.nickname.renameOf', { name: type }) })).toBeVisible();
    });
  });
}

test('[SERVICES] harbor-staff (STANDARD) sees the services and renames nothing', async ({ page, t }) => {
  await signIn(page, t, 'harbor-staff', '/services');
  await expect(page.getByRole('region', { name: t('services.service.internet') })).toContainText(
    'Front counter gateway',
  );
  await expect(page.getByRole('main').getByRole('button', { name: /Rename/ })).toHaveCount(0);
});

test.describe('product pages (es)', () => {
  test.use({ appLocale: 'es' });

  test('[SERVICES] the internet page shows the plan and leads to a change of speed (es)', async ({ page, t }) => {
    await signIn(page, t, 'harbor-owner', '/services/internet');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.internet') })).toBeVisible();
    const internet = page.getByRole('region', { name: t('services.service.internet') });
    await expect(internet).toContainText('Business Internet Gig');
    await expectNoAxeViolations(page);
    await internet.getByRole('link', { name: t('services.product.changeSpeed') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('pages.changeService') })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Business Internet Gig/ })).toBeDisabled();
  });
});
