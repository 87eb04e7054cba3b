import type { Locale } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, openEmail } from '../support/mailbox';
import { signIn } from '../support/sign-in';

// Issue 22 items 2-3 (wider-portal.md §10), on the community variant's portal: lakeside-manager sees the three
// properties with their units; opens a unit, suspends and restores its access by keyboard; and sends a resident the
// unit's Wi-Fi details by e-mail, which reaches the resident in the language chosen. Each test its own unit (the tests
// run in parallel).

const UNIT = { en: '110', es: '112' } as const satisfies Record<Locale, string>;
const WIFI_UNIT = { en: '113', es: '114' } as const satisfies Record<Locale, string>;

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`community units (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[COMMUNITY] lakeside-manager sees the three properties with their units (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'lakeside-manager', '/community');
      await expect(page.getByRole('heading', { level: 1, name: t('pages.community') })).toBeVisible();
      for (const [name, units] of [
        ['Lakeside North', 48],
        ['Lakeside South', 60],
        ['Lakeside Commons', 48],
      ] as const) {
        const card = page.getByRole('article', { name });
        await expect(card).toBeVisible();
        await expect(card).toContainText(String(units));
      }
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: t('community.property.viewUnitsOf', { name: 'Lakeside North' }) }).click();
      const table = page.getByRole('table', { name: t('community.units.caption', { name: 'Lakeside North' }) });
      // the 48 units and the header, windowed (issue 22 item 3): the table counts them all, the document holds those
      // in view and a few beyond
      await expect(table).toHaveAttribute('aria-rowcount', '49');
      const unitLink = (number: number) =>
        table.getByRole('link', { name: `${t('community.units.column.number')} ${number}`, exact: true });
      await expect(unitLink(101)).toBeVisible();
      expect(await table.getByRole('row').count()).toBeLessThan(49);
      await expect(unitLink(148)).toHaveCount(0);
      await expectNoAxeViolations(page);
      // by keyboard, every unit in turn: the next row is in the document before the focus reaches it (once: the
      // language changes no row's height)
      if (appLocale === 'en') {
        await unitLink(101).focus();
        for (let number = 102; number <= 148; number++) {
          await page.keyboard.press('Tab');
          await expect(unitLink(number)).toBeFocused();
        }
        await expect(table.getByRole('row', { name: /148/ })).toHaveAttribute('aria-rowindex', '49');
        await expect(unitLink(101)).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
      // by pointer, a unit scrolled to: the rows stay where they are measured (a row's height counted wrong moved them
      // under the pointer); a mouse press at the middle of the link, as a person's
      await page.keyboard.press('End');
      await unitLink(140).scrollIntoViewIfNeeded();
      const box = await unitLink(140).boundingBox();
      if (!box) throw new Error('unit 140 is rendered at the end of the list');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: t('community.unit.title', { number: '140', name: 'Lakeside North' }),
        }),
      ).toBeVisible();
    });

    test(`[COMMUNITY] lakeside-manager suspends and restores a unit's access by keyboard (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'lakeside-manager', '/community');
      await page.getByRole('link', { name: t('community.property.viewUnitsOf', { name: 'Lakeside North' }) }).click();
      const table = page.getByRole('table', { name: t('community.units.caption', { name: 'Lakeside North' }) });
      const number = UNIT[appLocale];
      const link = table.getByRole('link', { name: `${t('community.units.column.number')} ${number}`, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('heading', { level: 1, name: t('community.unit.title', { number, name: 'Lakeside North' }) }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // suspend by keyboard, after the confirmation
      const access = page.getByRole('region', { name: t('community.unit.access') });
      await access.getByRole('button', { name: t('community.unit.suspend') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: t('community.unit.suspend.title', { number }) });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: t('community.unit.suspend') }).click();
      await expect(access.getByRole('status')).toHaveText(t('community.unit.suspend.done'));
      await expect(access).toContainText(t('community.access.suspended'));
      // it stays so on a reload (the server's record)
      await page.reload();
      await expect(page.getByRole('region', { name: t('community.unit.access') })).toContainText(
        t('community.access.suspended'),
      );
      await page.getByRole('button', { name: t('community.unit.restore') }).click();
      await page
        .getByRole('alertdialog', { name: t('community.unit.restore.title', { number }) })
        .getByRole('button', { name: t('community.unit.restore') })
        .click();
      await expect(page.getByRole('region', { name: t('community.unit.access') }).getByRole('status')).toHaveText(
        t('community.unit.restore.done'),
      );
    });

    test(`[COMMUNITY] lakeside-manager sends a resident the unit's Wi-Fi by e-mail, in the page's language (${appLocale})`, async ({
      page,
      t,
    }) => {
      const number = WIFI_UNIT[appLocale];
      await signIn(page, t, 'lakeside-manager', '/community');
      await page.getByRole('link', { name: t('community.property.viewUnitsOf', { name: 'Lakeside North' }) }).click();
      await page.getByRole('link', { name: `${t('community.units.column.number')} ${number}`, exact: true }).click();
      const resident = page.getByRole('region', { name: t('community.unit.resident') });
      const email = (await resident.getByText(/@example\.(com|net|org)$/).textContent())?.trim() as string;
      const wifi = page.getByRole('region', { name: t('community.wifi.title') });
      await wifi.getByRole('radio', { name: t('community.wifi.email') }).check();
      await wifi.getByRole('button', { name: t('community.wifi.send') }).click();
      await expect(wifi.getByRole('status')).toContainText(email.slice(email.indexOf('@')));
      await expectNoAxeViolations(page);

      const subject = emailSubject(appLocale, 'unitWifi.subject').replace('{property}', 'Lakeside North');
      const body = await openEmail(page, t, email, subject);
      await expect(body).toContainText('Lakeside North Residents');
      await expect(body).toContainText(new RegExp(`${number}`));
    });
  });
}
