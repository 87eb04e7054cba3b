import {
  type AgreementResponse,
  type AllPropertiesRampLedger,
  type PropertyRampLedger,
  TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
  TECH_AMENITIES_AGREEMENT_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
} from '@vireo/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityIds } from '../../../test/community';
import { readPdf } from '../../../test/pdf';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { bulkAgreements, communityUnits } from '../../db/schema';

/**
 * Contract details and the ramp ledger (issue 22 item 6, wider-portal.md §10) through the API, on the Lakeside demo
 * data (demo-data.md: a 5-year bulk agreement in its second year, Commons leasing up with 30 of 48 units billed this
 * month and 26 activated). The billing clock is the suite's: 2026-11-21, so this month is November 2026.
 */
const portal = signedInApp();
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const ledgerUrl = (propertyId: string) => `/api/pub/tech-amenities/v1/properties/${propertyId}/ramp-ledger`;

let manager: Browser;
let leasing: Browser;
const ids = {} as { lakeside: string; north: string; south: string; commons: string; foreign: string };

async function json<T>(b: Browser, url: string): Promise<T> {
  const response = await b.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

beforeAll(async () => {
  Object.assign(ids, await communityIds(portal.database().db));
  manager = await portal.as('lakeside-manager');
  leasing = await portal.as('lakeside-leasing');
});

describe('the bulk agreement (contract details)', () => {
  it('has its term, renewal, and per property the units, services, rates and ramp', async () => {
    const { agreement } = await json<AgreementResponse>(manager, TECH_AMENITIES_AGREEMENT_PATH);
    expect(agreement).toMatchObject({
      reference: 'BSA-2025-0473',
      termStart: '2025-09-01',
      termEnd: '2030-08-31',
      termMonths: 60,
      // the second year: month 15 of 60
      termMonth: 15,
      renewal: { date: '2030-09-01', autoRenews: true, termMonths: 12, noticeDays: 90, noticeBy: '2030-06-03' },
      unitsContracted: 156,
      // 30 + 48 + 60 units at $50.00 this month; 156 units when Commons is fully billed
      thisMonthCents: 690_000,
      fullMonthCents: 780_000,
    });
    const summary = agreement?.properties.map((p) => [p.name, p.unitsContracted, p.rateCents, p.rampUnits, p.fullFrom]);
    expect(summary).toEqual([
      ['Lakeside Commons', 48, 5_000, 30, '2027-04'],
      ['Lakeside North', 48, 5_000, 48, '2025-09'],
      ['Lakeside South', 60, 5_000, 60, '2025-09'],
    ]);
    const commons = agreement?.properties[0];
    expect(commons?.services).toEqual([
      { service: 'INTERNET', rateCents: 3_000 },
      { service: 'VIDEO', rateCents: 2_000 },
    ]);
    expect(commons?.address).toEqual({ line1: '75 Shoreline Dr', city: 'Charlotte', state: 'NC', zip: '28203' });
    expect(commons?.ramp.slice(6, 9)).toEqual([
      { month: '2026-09', units: 27 },
      { month: '2026-11', units: 30 },
      { month: '2026-12', units: 34 },
    ]);
    expect(await json<AgreementResponse>(leasing, TECH_AMENITIES_AGREEMENT_PATH)).toEqual({ agreement });
  });

  it('downloads as a PDF with the agreement’s figures, in the user’s language or the one asked for', async () => {
    const response = await manager.request({ url: TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bulk-agreement-BSA-2025-0473.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, info } = await readPdf(response.rawPayload);
    const text = pages.join('\n');
    expect(info.Title).toBe('Vireo Community Solutions bulk service agreement, BSA-2025-0473');
    for (const words of [
      'Bulk service agreement',
      'Lakeside Apartments',
      'September 1, 2025 to August 31, 2030 (60 months)',
      'Renews automatically on September 1, 2030 for 12 months',
      '90 days before the renewal date, by June 3, 2030',
      'Lakeside Commons',
      'Internet at $30.00',
      'TV at $20.00',
      '$7,800.00',
      'From November 2026: 30 units',
      'Lakeside North: all 48 units billed from September 2025',
    ]) {
      expect(text).toContain(words);
    }
    // the same agreement on the same day: the same bytes
    const again = await manager.request({ url: TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    const spanish = await manager.request({ url: `${TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH}?lang=es` });
    const es = (await readPdf(spanish.rawPayload)).pages.join('\n');
    expect(es).toContain('Contrato de servicios en bloque');
    expect(es).toContain('Desde noviembre de 2026: 30 unidades');
  });

  it('refuses a language it does not have and unknown query fields (400)', async () => {
    for (const query of ['?lang=fr', '?format=docx']) {
      const response = await manager.request({ url: `${TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH}${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the ramp ledger of a property', () => {
  it('shows Commons’ 30 billed against 26 activated, with the 4 units billed but not active', async () => {
    const ledger = await json<PropertyRampLedger>(leasing, ledgerUrl(ids.commons));
    expect(ledger).toMatchObject({
      property: { id: ids.commons, name: 'Lakeside Commons' },
      inAgreement: true,
      unitsContracted: 48,
      rateCents: 5_000,
      billing: 'available',
    });
    // 15 months of the term so far, then 6 projected
    expect(ledger.months).toHaveLength(21);
    expect(ledger.months[0]).toEqual({
      month: '2025-09',
      kind: 'past',
      rampUnits: 4,
      billedUnits: 4,
      activatedUnits: null,
      amountCents: 20_000,
    });
    expect(ledger.months.find((m) => m.kind === 'current')).toEqual({
      month: '2026-11',
      kind: 'current',
      rampUnits: 30,
      billedUnits: 30,
      activatedUnits: 26,
      amountCents: 150_000,
    });
    expect(
      ledger.months.filter((m) => m.kind === 'projected').map((m) => [m.month, m.rampUnits, m.amountCents]),
    ).toEqual([
      ['2026-12', 34, 170_000],
      ['2027-01', 38, 190_000],
      ['2027-02', 42, 210_000],
      ['2027-03', 46, 230_000],
      ['2027-04', 48, 240_000],
      ['2027-05', 48, 240_000],
    ]);
    expect(ledger.flags).toEqual({
      month: '2026-11',
      billedNotActive: ['127', '128', '129', '130'].map((number) => ({
        number,
        occupancy: 'occupied',
        access: 'inactive',
      })),
      activeNotBilled: [],
    });
  });

  it('flags a fully billed property’s suspended unit, and follows the units as they change', async () => {
    const north = await json<PropertyRampLedger>(manager, ledgerUrl(ids.north));
    expect(north.months.find((m) => m.kind === 'current')).toMatchObject({ billedUnits: 48, activatedUnits: 47 });
    expect(north.flags?.billedNotActive).toEqual([{ number: '123', occupancy: 'occupied', access: 'suspended' }]);
    // Commons: one of the four activated, and a vacant unit activated that the engine has not billed
    const { db } = portal.database();
    const commonsUnits = (numbers: string[]) =>
      and(eq(communityUnits.propertyId, ids.commons), inArray(communityUnits.number, numbers));
    await db
      .update(communityUnits)
      .set({ access: 'active' })
      .where(commonsUnits(['127', '140']));
    const after = await json<PropertyRampLedger>(manager, ledgerUrl(ids.commons));
    expect(after.flags?.billedNotActive.map((u) => u.number)).toEqual(['128', '129', '130']);
    expect(after.flags?.activeNotBilled).toEqual([{ number: '140', occupancy: 'vacant', access: 'active' }]);
    expect(after.months.find((m) => m.kind === 'current')?.activatedUnits).toBe(28);
    await db
      .update(communityUnits)
      .set({ access: 'inactive' })
      .where(commonsUnits(['127', '140']));
  });

  it('shows the portal’s own figures when the billing engine does not answer, and the engine’s again after', async () => {
    portal.app().portal.services.billingSystem.faults.set('bulkBilling', 1);
    const ledger = await json<PropertyRampLedger>(manager, ledgerUrl(ids.commons));
    expect(ledger.billing).toBe('unavailable');
    expect(ledger.flags).toBeNull();
    expect(ledger.months.find((m) => m.kind === 'current')).toEqual({
      month: '2026-11',
      kind: 'current',
      rampUnits: 30,
      billedUnits: null,
      activatedUnits: 26,
      amountCents: null,
    });
    expect(ledger.months.every((m) => m.amountCents === null)).toBe(true);
    const next = await json<PropertyRampLedger>(manager, ledgerUrl(ids.commons));
    expect(next.billing).toBe('available');
  });

  it('answers 404 for another account’s property or an unknown one, and 400 for an id that is not one', async () => {
    for (const id of [ids.foreign, MADE_UP_ID]) {
      const response = await manager.request({ url: ledgerUrl(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('Riverbend');
    }
    const bad = await manager.request({ url: ledgerUrl('not-a-uuid') });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the ramp ledger of all properties', () => {
  it('has each property this month with its flags’ counts, and the months of all added together', async () => {
    const ledger = await json<AllPropertiesRampLedger>(manager, TECH_AMENITIES_RAMP_LEDGER_PATH);
    expect(ledger.billing).toBe('available');
    expect(ledger.month).toBe('2026-11');
    expect(
      ledger.properties.map((p) => [
        p.name,
        p.rampUnits,
        p.billedUnits,
        p.activatedUnits,
        p.amountCents,
        p.billedNotActive,
        p.activeNotBilled,
      ]),
    ).toEqual([
      ['Lakeside Commons', 30, 30, 26, 150_000, 4, 0],
      ['Lakeside North', 48, 48, 47, 240_000, 1, 0],
      ['Lakeside South', 60, 60, 59, 300_000, 1, 0],
    ]);
    expect(ledger.months.find((m) => m.kind === 'current')).toEqual({
      month: '2026-11',
      kind: 'current',
      rampUnits: 138,
      billedUnits: 138,
      activatedUnits: 132,
      amountCents: 690_000,
    });
    expect(ledger.months.at(-1)).toMatchObject({ month: '2027-05', rampUnits: 156, amountCents: 780_000 });
    portal.app().portal.services.billingSystem.faults.set('bulkBilling', 1);
    const down = await json<AllPropertiesRampLedger>(manager, TECH_AMENITIES_RAMP_LEDGER_PATH);
    expect(down.billing).toBe('unavailable');
    expect(down.properties[0]).toMatchObject({
      rampUnits: 30,
      billedUnits: null,
      activatedUnits: 26,
      billedNotActive: null,
    });
  });
});

describe('who may read them', () => {
  it('refuses a business account’s user (403) and a visitor (401)', async () => {
    const harbor = await portal.as('harbor-owner');
    for (const url of [
      TECH_AMENITIES_AGREEMENT_PATH,
      TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
      TECH_AMENITIES_RAMP_LEDGER_PATH,
      ledgerUrl(ids.commons),
      ledgerUrl(MADE_UP_ID),
    ]) {
      const response = await harbor.request({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const visitor = await portal.visitor();
    expect((await visitor.request({ url: TECH_AMENITIES_AGREEMENT_PATH })).statusCode).toBe(401);
  });

  it('is not there while its flag is off (production’s default): the contract and the ledger each by its own', async () => {
    const { flags } = portal.app().portal.services;
    await flags.setOverride('techAmenitiesMfe', false);
    try {
      for (const url of [TECH_AMENITIES_RAMP_LEDGER_PATH, ledgerUrl(ids.commons)]) {
        const response = await manager.request({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      expect((await manager.request({ url: TECH_AMENITIES_AGREEMENT_PATH })).statusCode).toBe(200);
      await flags.setOverride('techAmenitiesPropertyHome', false);
      for (const url of [TECH_AMENITIES_AGREEMENT_PATH, TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH]) {
        expect((await manager.request({ url })).statusCode, url).toBe(404);
      }
      // the sign-in and the access come first
      expect((await (await portal.visitor()).request({ url: TECH_AMENITIES_AGREEMENT_PATH })).statusCode).toBe(401);
    } finally {
      await flags.setOverride('techAmenitiesMfe', null);
      await flags.setOverride('techAmenitiesPropertyHome', null);
    }
    expect((await manager.request({ url: TECH_AMENITIES_RAMP_LEDGER_PATH })).statusCode).toBe(200);
    expect((await manager.request({ url: TECH_AMENITIES_AGREEMENT_PATH })).statusCode).toBe(200);
  });

  it('says so when the account has no agreement on record: none, no document, properties outside it', async () => {
    const { db } = portal.database();
    await db.delete(bulkAgreements).where(eq(bulkAgreements.accountId, ids.lakeside));
    expect(await json<AgreementResponse>(manager, TECH_AMENITIES_AGREEMENT_PATH)).toEqual({ agreement: null });
    expect((await manager.request({ url: TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH })).statusCode).toBe(404);
    const ledger = await json<PropertyRampLedger>(manager, ledgerUrl(ids.commons));
    expect(ledger).toMatchObject({ inAgreement: false, months: [], flags: null });
    const all = await json<AllPropertiesRampLedger>(manager, TECH_AMENITIES_RAMP_LEDGER_PATH);
    expect(all).toMatchObject({ properties: [], months: [] });
  });
});
