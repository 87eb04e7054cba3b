import {
  type MakePaymentResponse,
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_ORDERS_PATH,
  MOBILE_PAYMENT_OPTIONS_PATH,
  type MobileDevice,
  type MobileOrder,
  type MobilePaymentOptions,
  type MobileServiceBilling,
  type PaymentReceipt,
  type SavedPaymentMethod,
  type Subscription,
} from '@vireo/shared';
import { type FakeApiOptions, jsonResponse } from '../../../test/fake-api';
import type { MobileTransactionsResult } from '../api/find-mobile-transactions';

/**
 * Test data of the mobile screens: Riverbend Auto Repair (demo-data.md) on Nov 21, 2026: Internet + Mobile, 4 lines,
 * 2 devices on instalments, Auto Pay with a Mastercard, one streaming subscription; $350.72 of mobile balance.
 */
export const LINE_IDS = [
  'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f601',
  'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f602',
  'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f603',
  'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f604',
] as const;
export const PRO_ID = 'd2b3c4d5-e6f7-4a81-9b02-c3d4e5f6a701';
export const SE_ID = 'd2b3c4d5-e6f7-4a81-9b02-c3d4e5f6a702';
export const MASTERCARD_ID = 'e3c4d5e6-f7a8-4b92-8c13-d4e5f6a7b801';
export const CHECKING_ID = 'e3c4d5e6-f7a8-4b92-8c13-d4e5f6a7b802';
export const ORDER_ID = 'f4d5e6f7-a8b9-4ca3-9d24-e5f6a7b8c901';
export const OTHER_ORDER_ID = 'f4d5e6f7-a8b9-4ca3-9d24-e5f6a7b8c902';
export const SUBSCRIPTION_ID = 'a5e6f7a8-b9c0-4db4-8e35-f6a7b8c9d001';
export const PAYMENT_ID = 'b6f7a8b9-c0d1-4ec5-9f46-a7b8c9d0e101';

export const RIVERBEND_BALANCE_CENTS = 35_072;

export function riverbendBilling(overrides: Partial<MobileServiceBilling> = {}): MobileServiceBilling {
  return {
    hasMobileService: true,
    balanceCents: RIVERBEND_BALANCE_CENTS,
    pastDueCents: 0,
    dueDate: '2026-11-26',
    daysPastDue: 0,
    state: 'active',
    nonPayInterruption: false,
    restoreBy: null,
    lines: [
      {
        id: LINE_IDS[0],
        phoneNumber: '4075550141',
        label: 'Owner',
        planName: 'Business Mobile Unlimited',
        status: 'active',
      },
      {
        id: LINE_IDS[1],
        phoneNumber: '4075550142',
        label: 'Service desk',
        planName: 'Business Mobile Unlimited',
        status: 'active',
      },
      {
        id: LINE_IDS[2],
        phoneNumber: '4075550143',
        label: 'Tow truck',
        planName: 'Business Mobile Unlimited',
        status: 'active',
      },
      {
        id: LINE_IDS[3],
        phoneNumber: '4075550144',
        label: 'Parts runner',
        planName: 'Business Mobile Unlimited',
        status: 'active',
      },
    ],
    // $180.00 of plans + $31.25 + $14.50 of instalments.
    nextBillEstimateCents: 22_575,
    autoPay: { enrolled: true, scope: 'mobile', methodLabel: 'Mastercard 4444', debitDay: 20 },
    ...overrides,
  };
}

/** Vireo Phone Pro 256 GB: $1,125.00 over 36 months at $31.25, 9 paid. */
export function proDevice(overrides: Partial<MobileDevice> = {}): MobileDevice {
  return {
    id: PRO_ID,
    lineId: LINE_IDS[0],
    lineLabel: 'Owner',
    phoneNumber: '4075550141',
    model: 'Vireo Phone Pro 256 GB',
    financedCents: 112_500,
    monthlyInstalmentCents: 3_125,
    nextInstalmentCents: 3_125,
    remainingCents: 84_375,
    payoffCents: 84_375,
    instalmentsPaid: 9,
    instalmentsTotal: 36,
    paymentsLeft: 27,
    ...overrides,
  };
}

/** Vireo Phone SE: $348.00 over 24 months at $14.50, 5 paid. */
export function seDevice(overrides: Partial<MobileDevice> = {}): MobileDevice {
  return {
    id: SE_ID,
    lineId: LINE_IDS[2],
    lineLabel: 'Tow truck',
    phoneNumber: '4075550143',
    model: 'Vireo Phone SE',
    financedCents: 34_800,
    monthlyInstalmentCents: 1_450,
    nextInstalmentCents: 1_450,
    remainingCents: 27_550,
    payoffCents: 27_550,
    instalmentsPaid: 5,
    instalmentsTotal: 24,
    paymentsLeft: 19,
    ...overrides,
  };
}

export function riverbendDevices(devices: MobileDevice[] = [proDevice(), seDevice()]) {
  return { devices };
}

export function mastercard(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: MASTERCARD_ID,
    type: 'card',
    label: 'Mastercard 4444',
    lastFour: '4444',
    brand: 'mc',
    funding: 'credit',
    expMonth: 6,
    expYear: 2029,
    bankAccountType: null,
    isDefault: true,
    expired: false,
    expiringSoon: false,
    allowed: true,
    ...overrides,
  };
}

export function checking(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return mastercard({
    id: CHECKING_ID,
    type: 'bank',
    label: 'Checking 6789',
    lastFour: '6789',
    brand: null,
    funding: null,
    expMonth: null,
    expYear: null,
    bankAccountType: 'checking',
    isDefault: false,
    ...overrides,
  });
}

export function riverbendPaymentOptions(overrides: Partial<MobilePaymentOptions> = {}): MobilePaymentOptions {
  return {
    balanceCents: RIVERBEND_BALANCE_CENTS,
    minCents: 100,
    maxCents: RIVERBEND_BALANCE_CENTS,
    restriction: 'none',
    today: '2026-11-21',
    methods: [mastercard(), checking()],
    devices: [proDevice(), seDevice()],
    receiptEmail: 'rosa@riverbendauto.example',
    ...overrides,
  };
}

export function mobileReceipt(overrides: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    id: PAYMENT_ID,
    confirmationNumber: 'VB-500300',
    amountCents: RIVERBEND_BALANCE_CENTS,
    methodLabel: 'Mastercard 4444',
    paymentMethodId: MASTERCARD_ID,
    paymentDate: '2026-11-21',
    status: 'successful',
    channel: 'online',
    entryDate: '2026-11-21T15:04:05.000Z',
    emailedTo: 'rosa@riverbendauto.example',
    ...overrides,
  };
}

export function mobilePaymentResponse(overrides: Partial<MakePaymentResponse> = {}): MakePaymentResponse {
  return {
    outcome: 'success',
    payment: mobileReceipt(),
    paymentError: null,
    methodSaved: null,
    saveError: null,
    ...overrides,
  };
}

const TRANSACTIONS: MobileTransactionsResult['items'] = [
  {
    id: '17a8b9c0-d1e2-4f36-8a57-b8c9d0e1f201',
    kind: 'payment',
    date: '2026-11-06',
    amountCents: 22_575,
    purpose: 'balance',
    description: '',
    methodLabel: 'Mastercard 4444',
    status: 'successful',
    reference: 'VB-500101',
  },
  {
    id: '17a8b9c0-d1e2-4f36-8a57-b8c9d0e1f202',
    kind: 'payment',
    date: '2026-10-15',
    amountCents: 5_000,
    purpose: 'device',
    description: 'Vireo Phone SE',
    methodLabel: 'Checking 6789',
    status: 'pending',
    reference: 'VB-500077',
  },
  {
    id: '17a8b9c0-d1e2-4f36-8a57-b8c9d0e1f203',
    kind: 'refund',
    date: '2026-09-22',
    amountCents: 2_129,
    purpose: 'refund',
    description: 'Car charger (1)',
    methodLabel: 'Mastercard 4444',
    status: 'successful',
    reference: 'MO-240903',
  },
];

/** A page of mobile transactions of one tab. */
export function transactionsPage(
  type: 'all' | 'payments' | 'refunds' = 'all',
  cursors: { nextCursor?: string | null; previousCursor?: string | null } = {},
): MobileTransactionsResult {
  const items = TRANSACTIONS.filter(
    (item) => type === 'all' || (type === 'payments' ? item.kind === 'payment' : item.kind === 'refund'),
  );
  return { items, nextCursor: cursors.nextCursor ?? null, previousCursor: cursors.previousCursor ?? null };
}

/** MO-240903: the Vireo Phone SE (financed), two car chargers and a screen protector. */
export function riverbendOrder(overrides: Partial<MobileOrder> = {}): MobileOrder {
  return {
    id: ORDER_ID,
    orderNumber: 'MO-240903',
    placedOn: '2026-06-01',
    status: 'delivered',
    totalCents: 6_848,
    itemCount: 3,
    items: [
      { description: 'Vireo Phone SE', quantity: 1, unitPriceCents: 34_800, totalCents: 34_800, financed: true },
      { description: 'Car charger', quantity: 2, unitPriceCents: 1_999, totalCents: 3_998, financed: false },
      { description: 'Screen protector', quantity: 1, unitPriceCents: 1_499, totalCents: 1_499, financed: false },
    ],
    subtotalCents: 5_497,
    taxCents: 356,
    shippingCents: 995,
    shipTo: 'Riverbend Auto Repair, 88 River Bend Dr, Orlando, FL 32801',
    ...overrides,
  };
}

export function riverbendOrders() {
  const {
    items: _items,
    subtotalCents: _s,
    taxCents: _t,
    shippingCents: _h,
    shipTo: _to,
    ...latest
  } = riverbendOrder();
  return {
    orders: [
      latest,
      {
        id: OTHER_ORDER_ID,
        orderNumber: 'MO-240517',
        placedOn: '2026-02-15',
        status: 'delivered' as const,
        totalCents: 4_259,
        itemCount: 2,
      },
    ],
  };
}

/** StreamMax Premium, $15.99 a month since Sep 20, 2026, billed on the statements of the 5th. */
export function streamMax(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: SUBSCRIPTION_ID,
    provider: 'StreamMax',
    planName: 'StreamMax Premium',
    priceCents: 1_599,
    status: 'active',
    startedOn: '2026-09-20',
    nextChargeOn: '2026-12-05',
    cancelledOn: null,
    charges: [
      { statementId: '28b9c0d1-e2f3-4a47-9b68-c9d0e1f2a301', statementDate: '2026-11-05', amountCents: 1_599 },
      { statementId: '28b9c0d1-e2f3-4a47-9b68-c9d0e1f2a302', statementDate: '2026-10-05', amountCents: 799 },
    ],
    ...overrides,
  };
}

export function cancelledStreamMax(): Subscription {
  return streamMax({ status: 'cancelled', nextChargeOn: null, cancelledOn: '2026-11-21' });
}

/** The mobile billing home's answers for Riverbend; `overrides` replaces or adds routes. */
export function mobileRoutes(
  overrides: NonNullable<FakeApiOptions['routes']> = {},
): NonNullable<FakeApiOptions['routes']> {
  return {
    [`GET ${MOBILE_BILLING_PATH}`]: () => jsonResponse(riverbendBilling()),
    [`GET ${MOBILE_DEVICES_PATH}`]: () => jsonResponse(riverbendDevices()),
    [`GET ${MOBILE_ORDERS_PATH}`]: () => jsonResponse(riverbendOrders()),
    [`GET ${MOBILE_PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(riverbendPaymentOptions()),
    ...overrides,
  };
}
