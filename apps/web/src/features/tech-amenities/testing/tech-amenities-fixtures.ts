import {
  type Agreement,
  type AllPropertiesRampLedger,
  capabilitiesOf,
  type PropertyRampLedger,
  type RampMonth,
  TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
  TECH_AMENITIES_AGREEMENT_PATH,
  TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
} from '@vireo/shared';
import { type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';

/** A user of Lakeside Apartments (demo-data.md): a bulk agreement, so `community.view` (a STANDARD user too). */
export const LAKESIDE_USER = testProfile('STANDARD', {
  accountName: 'Lakeside Apartments',
  hasBulkAgreement: true,
  capabilities: capabilitiesOf('STANDARD', { hasBulkAgreement: true }),
});

const id = (n: number) => `c0ffee00-0000-4000-8000-00000000000${n}`;
export const COMMONS = { id: id(3), name: 'Lakeside Commons' };
export const NORTH = { id: id(1), name: 'Lakeside North' };
export const SOUTH = { id: id(2), name: 'Lakeside South' };

const address = (line1: string) => ({ line1, city: 'Charlotte', state: 'NC', zip: '28202' });
const services = [
  { service: 'INTERNET' as const, rateCents: 3_000 },
  { service: 'VIDEO' as const, rateCents: 2_000 },
];

/** Lakeside's agreement (the seed's): month 15 of 60, Commons ramping (30 this month, full from April 2027). */
export const AGREEMENT: Agreement = {
  reference: 'BSA-2025-0473',
  termStart: '2025-09-01',
  termEnd: '2030-08-31',
  termMonths: 60,
  termMonth: 15,
  renewal: { date: '2030-09-01', autoRenews: true, termMonths: 12, noticeDays: 90, noticeBy: '2030-06-03' },
  properties: [
    {
      ...COMMONS,
      address: address('75 Shoreline Dr'),
      unitsContracted: 48,
      services,
      rateCents: 5_000,
      fullMonthCents: 240_000,
      rampUnits: 30,
      fullFrom: '2027-04',
      ramp: [
        { month: '2025-09', units: 4 },
        { month: '2026-11', units: 30 },
        { month: '2027-04', units: 48 },
      ],
    },
    {
      ...NORTH,
      address: address('10 Lakeside Way'),
      unitsContracted: 48,
      services,
      rateCents: 5_000,
      fullMonthCents: 240_000,
      rampUnits: 48,
      fullFrom: '2025-09',
      ramp: [{ month: '2025-09', units: 48 }],
    },
  ],
  unitsContracted: 96,
  thisMonthCents: 390_000,
  fullMonthCents: 480_000,
};

const month = (m: string, kind: RampMonth['kind'], ramp: number, billed: number | null, activated: number | null) => ({
  month: m,
  kind,
  rampUnits: ramp,
  billedUnits: billed,
  activatedUnits: activated,
  amountCents: kind === 'projected' ? ramp * 5_000 : billed === null ? null : billed * 5_000,
});

/** Commons' ledger: two past months, this month (30 billed, 26 activated), two projected; units 127-130 flagged. */
export const COMMONS_LEDGER: PropertyRampLedger = {
  property: COMMONS,
  inAgreement: true,
  unitsContracted: 48,
  rateCents: 5_000,
  billing: 'available',
  months: [
    month('2026-09', 'past', 27, 27, null),
    month('2026-10', 'past', 27, 28, null),
    month('2026-11', 'current', 30, 30, 26),
    month('2026-12', 'projected', 34, null, null),
    month('2027-01', 'projected', 38, null, null),
  ],
  flags: {
    month: '2026-11',
    billedNotActive: ['127', '128', '129', '130'].map((number) => ({
      number,
      occupancy: 'occupied' as const,
      access: 'inactive' as const,
    })),
    activeNotBilled: [],
  },
};

export const NORTH_LEDGER: PropertyRampLedger = {
  ...COMMONS_LEDGER,
  property: NORTH,
  months: [month('2026-11', 'current', 48, 48, 47), month('2026-12', 'projected', 48, null, null)],
  flags: {
    month: '2026-11',
    billedNotActive: [{ number: '123', occupancy: 'occupied', access: 'suspended' }],
    activeNotBilled: [{ number: '140', occupancy: 'vacant', access: 'active' }],
  },
};

export const ALL_LEDGER: AllPropertiesRampLedger = {
  billing: 'available',
  month: '2026-11',
  properties: [
    {
      ...COMMONS,
      unitsContracted: 48,
      rampUnits: 30,
      billedUnits: 30,
      activatedUnits: 26,
      amountCents: 150_000,
      billedNotActive: 4,
      activeNotBilled: 0,
    },
    {
      ...NORTH,
      unitsContracted: 48,
      rampUnits: 48,
      billedUnits: 48,
      activatedUnits: 47,
      amountCents: 240_000,
      billedNotActive: 1,
      activeNotBilled: 1,
    },
  ],
  months: [month('2026-10', 'past', 75, 76, null), month('2026-11', 'current', 78, 78, 73)],
};

export const ledgerPath = (propertyId: string) =>
  TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH.replace(':propertyId', propertyId);

/** The agreement's PDF as the server sends it. */
export function agreementPdf(): Response {
  return new Response(new Blob(['%PDF-1.7 agreement'], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="bulk-agreement-BSA-2025-0473.pdf"',
    },
  });
}

/** The fake API of a Lakeside user: the agreement, its PDF, the ledger of all properties, Commons' and North's. */
export function lakesideApi(routes: FakeApiOptions['routes'] = {}): FakeApiOptions {
  return {
    profile: LAKESIDE_USER,
    routes: {
      [`GET ${TECH_AMENITIES_AGREEMENT_PATH}`]: jsonResponse({ agreement: AGREEMENT }),
      [`GET ${TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH}`]: () => agreementPdf(),
      [`GET ${TECH_AMENITIES_RAMP_LEDGER_PATH}`]: jsonResponse(ALL_LEDGER),
      [`GET ${ledgerPath(COMMONS.id)}`]: jsonResponse(COMMONS_LEDGER),
      [`GET ${ledgerPath(NORTH.id)}`]: jsonResponse(NORTH_LEDGER),
      ...routes,
    },
  };
}
