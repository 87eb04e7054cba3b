import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import {
  type Locale,
  TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
  TECH_AMENITIES_AGREEMENT_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
} from '@vireo/shared';
import { readPdf } from '../../apps/server/test/pdf';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 22 item 6 (wider-portal.md §10, demo-data.md: Lakeside Commons leasing up, 30 of 48 units billed this month and
// 26 activated): the ramp ledger with its flags, the contract details with the agreement PDF, and a business account
// refused. The community variant's portal (the `community` project).

/** The value beside a label of a definition list inside `scope`. */
function fact(scope: Locator, label: string) {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return scope.locator('dt').filter({ hasText: exactly }).locator('xpath=following-sibling::dd[1]');
}

const FLAGGED = ['127', '128', '129', '130'];

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`tech amenities (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[COMMUNITY] lakeside-manager opens the ramp ledger: Commons 30 billed vs 26 activated, 4 flagged (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'lakeside-manager', '/manage');
      await expect(page).toHaveURL(/\/manage$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.manageProperties') })).toBeVisible();
      const card = page.getByRole('article', { name: 'Lakeside Commons' });
      await expect(fact(card, t('techAmenities.summary.billedNotActive'))).toHaveText('4');
      await expectNoAxeViolations(page);

      // to the property's ledger from the keyboard
      const link = card.getByRole('link', { name: t('techAmenities.overview.ledgerOf', { name: 'Lakeside Commons' }) });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/manage\/unit-ramp-billing\?propertyId=[0-9a-f-]{36}$/);
      const summary = page.getByRole('region', { name: 'Lakeside Commons' });
      await expect(fact(summary, t('techAmenities.summary.ramp'))).toHaveText('30');
      await expect(fact(summary, t('techAmenities.summary.billed'))).toHaveText('30');
      await expect(fact(summary, t('techAmenities.summary.activated'))).toHaveText('26');
      await expect(fact(summary, t('techAmenities.summary.contracted'))).toHaveText('48');
      await expect(fact(summary, t('techAmenities.summary.bill'))).toHaveText('$1,500.00');
      const flagged = page.getByRole('list', { name: t('techAmenities.flags.billedNotActive', { count: 4 }) });
      await expect(flagged.getByRole('listitem')).toHaveCount(4);
      for (const [index, number] of FLAGGED.entries()) {
        await expect(flagged.getByRole('listitem').nth(index)).toContainText(
          t('techAmenities.unit.number', { number }),
        );
      }
      await expect(page.getByText(t('techAmenities.flags.activeNotBilled.none'))).toBeVisible();
      await expect(
        page.getByRole('table', { name: t('techAmenities.months.caption', { name: 'Lakeside Commons' }) }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('[COMMUNITY] lakeside-manager reads all properties together and picks another property by keyboard', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'lakeside-manager', '/manage/all-properties/unit-ramp-billing');
  await expect(page).toHaveURL(/\/manage\/all-properties\/unit-ramp-billing$/);
  const commonsRow = page.getByRole('row', { name: /^Lakeside Commons/ });
  await expect(commonsRow).toContainText(t('techAmenities.all.rampOf', { ramp: '30', contracted: '48' }));
  await expectNoAxeViolations(page);

  // to Commons' ledger, then North through the picker: North bills its suspended unit 123
  await commonsRow.getByRole('link', { name: 'Lakeside Commons' }).click();
  await expect(
    fact(page.getByRole('region', { name: 'Lakeside Commons' }), t('techAmenities.summary.billed')),
  ).toHaveText('30');
  const picker = page.getByRole('combobox', { name: t('techAmenities.property.choose') });
  await picker.focus();
  await picker.selectOption({ label: 'Lakeside North' });
  const north = page.getByRole('region', { name: 'Lakeside North' });
  await expect(fact(north, t('techAmenities.summary.activated'))).toHaveText('47');
  await expect(page.getByRole('list', { name: t('techAmenities.flags.billedNotActive', { count: 1 }) })).toContainText(
    t('techAmenities.unit.number', { number: '123' }),
  );
});

test('[COMMUNITY] lakeside-manager reads the contract details and downloads the agreement PDF with its figures', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'lakeside-manager', '/property-contract-details');
  await expect(page).toHaveURL(/\/property-contract-details$/);
  const terms = page.getByRole('region', { name: /^Agreement BSA-\d{4}-0473$/ });
  await expect(fact(terms, t('techAmenities.contract.termMonth'))).toHaveText(
    t('techAmenities.contract.termMonthValue', { month: 15, months: 60 }),
  );
  await expect(fact(terms, t('techAmenities.contract.units'))).toHaveText('156');
  await expect(fact(terms, t('techAmenities.contract.fullMonth'))).toHaveText('$7,800.00');
  const commons = page.getByRole('row', { name: /^Lakeside Commons/ });
  await expect(commons).toContainText(t('techAmenities.contract.rampValue', { ramp: '30', contracted: '48' }));
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  const link = page.getByRole('link', { name: t('techAmenities.contract.download') });
  await link.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bulk-agreement-BSA-\d{4}-0473\.pdf$/);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await readPdf(bytes)).pages.join('\n');
  for (const words of [
    'Bulk service agreement',
    'Lakeside Apartments',
    'Lakeside Commons',
    'Internet at $30.00',
    'TV at $20.00',
    '$7,800.00',
    'Lakeside North: all 48 units billed from',
  ]) {
    expect(text).toContain(words);
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('[COMMUNITY] harbor-owner, a business account, reaches none of these pages and none of their data', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-owner', '/account-summary');
  await expect(page).toHaveURL(/\/account-summary$/);
  for (const path of [
    '/manage',
    '/manage/unit-ramp-billing',
    '/manage/all-properties/unit-ramp-billing',
    '/tech-amenities-stub',
    '/property-contract-details',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account-summary\?notice=noCommunityAccess$/);
  }
  for (const url of [
    TECH_AMENITIES_AGREEMENT_PATH,
    TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
    TECH_AMENITIES_RAMP_LEDGER_PATH,
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
});
