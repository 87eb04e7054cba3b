import type { accounts, paymentMethods, payments } from '../src/db/schema';

/**
 * Rows for service tests (Immich-style stubs: `accountStub.harbor`, `methodStub.visa`), from demo-data.md: Harbor
 * Coffee Co. with its Visa 4242 and checking 6789. Each call gives a fresh copy a test may change.
 */
type AccountRow = typeof accounts.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;

const HARBOR_ID = '00000000-0000-4000-8000-000000000001';
const CREATED = new Date('2025-01-15T12:00:00Z');

export const accountStub = {
  harbor: (): AccountRow => ({
    id: HARBOR_ID,
    accountNumber: '8260170010011234',
    companyName: 'Harbor Coffee Co.',
    footprint: 'CHTR',
    billerType: 'CSG',
    billerSiteId: '8260',
    billerCompany: '100',
    billerFranchise: '0001',
    billerPrinciple: '1000',
    billerAgent: '0100',
    cycleDay: 8,
    timeZone: 'America/New_York',
    status: 'active',
    isEnterprise: false,
    paymentRestriction: 'none',
    paperless: false,
    hasBulkAgreement: false,
    statementCode: '731904',
    displayName: null,
    businessPhone: null,
    billingContactName: null,
    billingContactEmail: null,
    createdAt: CREATED,
  }),
  enterprise: (): AccountRow => ({ ...accountStub.harbor(), isEnterprise: true }),
};

export const methodStub = {
  visa: (): MethodRow => ({
    id: '00000000-0000-4000-8000-0000000000a1',
    accountId: HARBOR_ID,
    type: 'card',
    vaultToken: 'tok_visa_4242',
    lastFour: '4242',
    cardBrand: 'visa',
    cardFunding: 'credit',
    expMonth: 12,
    expYear: 2029,
    nameOnCard: 'Maria Lopez',
    zip: '04101',
    bankAccountType: null,
    routingNumber: null,
    isDefault: true,
    createdAt: CREATED,
    deletedAt: null,
  }),
  checking: (): MethodRow => ({
    ...methodStub.visa(),
    id: '00000000-0000-4000-8000-0000000000b1',
    type: 'bank',
    vaultToken: 'tok_checking_6789',
    lastFour: '6789',
    cardBrand: null,
    cardFunding: null,
    expMonth: null,
    expYear: null,
    nameOnCard: null,
    zip: null,
    bankAccountType: 'checking',
    routingNumber: '011000015',
    isDefault: false,
  }),
};

type PaymentRow = typeof payments.$inferSelect;

export const paymentStub = {
  /** Harbor's $289.47 scheduled with the checking account for Dec 1 (issue 14's probe). */
  scheduled: (): PaymentRow => ({
    id: '00000000-0000-4000-8000-0000000000c1',
    accountId: HARBOR_ID,
    confirmationNumber: 'VB-7Q4K2M9X',
    amountCents: 28947,
    paymentMethodId: methodStub.checking().id,
    vaultToken: methodStub.checking().vaultToken,
    methodLabel: 'Checking 6789',
    paymentDate: '2026-12-01',
    status: 'scheduled',
    channel: 'online',
    enteredByUserId: '00000000-0000-4000-8000-0000000000d1',
    entryDate: new Date('2026-11-20T15:00:00Z'),
    attemptedAt: null,
    postedAt: null,
    processorReference: null,
    failureCode: null,
    target: 'account',
    deviceId: null,
    guestEmail: null,
    guestLanguage: null,
  }),
};
