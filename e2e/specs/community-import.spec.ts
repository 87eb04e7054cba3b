import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNITS_PATH,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_TEMPLATE_PATH,
} from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, type Translate, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 22 item 4 (wider-portal.md §10), on the community variant's portal: lakeside-manager downloads the file to
// fill in, checks a file of 20 residents with 2 bad rows (the dry run names both with their reasons, nothing is
// written), then imports the fixed file: 20 residents (the occupied units' as their next residents, after the current
// ones: tenancy.ts), and the same file again has nothing to import. Lakeside South's units (the other community specs use North's
// units and Commons' ramp). The Spanish test only checks files (nothing written): a file with other columns is refused
// with the columns named, a bad row with its reason.

const HEADER = RESIDENT_IMPORT_COLUMNS.join(',');
const NAME = 'Import Resident';

async function openImport(page: Page, t: Translate) {
  await signIn(page, t, 'lakeside-manager', '/community');
  await page.getByRole('link', { name: t('community.import.link') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.communityImport') })).toBeVisible();
}

/** Chooses a file and checks it by keyboard. */
async function check(page: Page, t: Translate, text: string) {
  await page
    .getByLabel(t('community.import.file'))
    .setInputFiles({ name: 'residents.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: t('community.import.check') }).focus();
  await page.keyboard.press('Enter');
}

/** A unit's id by its property's name and its number, read through the API (the units list is keyset-paged). */
async function unitId(page: Page, property: string, number: string): Promise<string> {
  const portfolio = await (await page.request.get(COMMUNITY_PROPERTIES_PATH)).json();
  const { id } = portfolio.properties.find((each: { name: string }) => each.name === property);
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const units = await (await page.request.get(`${COMMUNITY_UNITS_PATH.replace(':propertyId', id)}${query}`)).json();
    const found = units.items.find((unit: { number: string }) => unit.number === number);
    if (found) return found.id;
    cursor = units.nextCursor;
  } while (cursor);
  throw new Error(`no unit ${number} at ${property}`);
}

/** The residents named NAME in the account's units now (the template, read through the API). */
async function imported(page: Page): Promise<number> {
  const response = await page.request.get(RESIDENT_IMPORT_TEMPLATE_PATH);
  expect(response.status()).toBe(200);
  return (await response.text()).split('\r\n').filter((line) => line.includes(`,${NAME} `)).length;
}

test('[COMMUNITY] lakeside-manager imports 20 residents: the dry run names the 2 bad rows and writes nothing; the fixed file imports 20', async ({
  page,
  t,
}) => {
  await openImport(page, t);
  await expectNoAxeViolations(page);

  // the file to fill in: the units as they are
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: t('community.import.template') }).click();
  const template = await readFile(await (await download).path(), 'utf8');
  const units = template
    .replace('\uFEFF', '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','))
    // South's units whose lease runs on (no move-out): the vacant ones first
    .filter((cells) => cells[0] === 'Lakeside South' && cells[6] === '')
    .sort((a, b) => Number(a[2] !== '') - Number(b[2] !== ''))
    .slice(0, 20);
  expect(units).toHaveLength(20);
  const good = units.map(([property, unit], index) => {
    const n = String(index + 1).padStart(2, '0');
    return `${property},${unit},${NAME} ${n},import${n}@example.com,(704) 555-02${n},2027-02-${n},`;
  });
  const bad = [
    `Lakeside South,999,${NAME} 98,import98@example.com,,2027-02-01,`,
    `Lakeside South,${units[0]?.[1]},${NAME} 99,import99@example.com,,31/02/2027,`,
  ];

  await check(page, t, [HEADER, ...good.slice(0, 10), bad[0], ...good.slice(10), bad[1]].join('\n'));
  await expect(page.getByText(t('community.import.hasErrors', { count: 2 }))).toBeVisible();
  const report = page.getByRole('table', { name: t('community.import.caption') });
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByRole('row').nth(1)).toContainText(
    t('community.import.error', {
      column: t('community.import.column.unit'),
      problem: t('community.import.error.unknownUnit'),
    }),
  );
  await expect(report.getByRole('row').nth(2)).toContainText(
    t('community.import.error', {
      column: t('community.resident.moveIn'),
      problem: t('community.import.error.date'),
    }),
  );
  await expect(page.getByRole('button', { name: t('community.import.apply', { count: 20 }) })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await imported(page)).toBe(0);

  // the fixed file: checked, then imported by keyboard
  await check(page, t, [HEADER, ...good].join('\n'));
  await expect(page.getByText(t('community.import.ready', { count: 20 }))).toBeVisible();
  await expect(report.getByRole('row')).toHaveCount(21);
  await page.getByRole('button', { name: t('community.import.apply', { count: 20 }) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('community.import.applied', { new: 20, updated: 0 }))).toBeVisible();
  await expectNoAxeViolations(page);
  // the vacant units' new residents live there now; the occupied units' follow their current residents (whose
  // leases had no end: the day before each move-in is now their last), each unit's next resident
  const vacantUnits = units.filter((cells) => cells[2] === '').length;
  expect(await imported(page)).toBe(vacantUnits);
  // the same file again: everything in it is there, nothing left to import
  await check(page, t, [HEADER, ...good].join('\n'));
  await expect(page.getByText(t('community.import.noChanges'))).toBeVisible();
  // an occupied unit's page: its resident, and the imported one next
  const last = units[19] as string[];
  await page.goto(`/community/units/${await unitId(page, 'Lakeside South', last[1] as string)}`);
  const next = page.getByRole('region', { name: t('community.unit.nextResident') });
  await expect(next).toContainText(`${NAME} 20`);
  await expect(page.getByRole('region', { name: t('community.unit.resident'), exact: true })).toContainText(
    last[2] as string,
  );
  await expectNoAxeViolations(page);
});

test.describe('importing residents (es)', () => {
  // a file refused whole is a 400 the page explains
  test.use({ appLocale: 'es', allowedHttpErrors: [400] });

  test('[COMMUNITY] a file with other columns and a bad row are refused with their reasons, in Spanish (es)', async ({
    page,
    t,
  }) => {
    await openImport(page, t);
    await check(page, t, 'property,unit,name,email,mobile,move_in,move_out\nLakeside South,201,Ana,,,2027-01-01,\n');
    await expect(page.getByRole('alert')).toHaveText(
      t('community.import.file.wrongColumns', {
        expected: new Intl.ListFormat('es', { type: 'conjunction' }).format(RESIDENT_IMPORT_COLUMNS),
        missing: 'phone',
        unexpected: 'mobile',
      }),
    );
    await expectNoAxeViolations(page);

    await check(page, t, `${HEADER}\nLakeside South,999,Ana Ruiz,,,2027-01-01,\n`);
    await expect(page.getByText(t('community.import.hasErrors', { count: 1 }))).toBeVisible();
    await expect(page.getByRole('table', { name: t('community.import.caption') })).toContainText(
      t('community.import.error.unknownUnit'),
    );
    await expectNoAxeViolations(page);
  });
});
