import type {
  AutoPayStatus,
  MakePaymentResponse,
  PaymentOptions,
  PaymentReceipt,
  SavedPaymentMethod,
  ScheduledPayment,
} from '@vireo/shared';

/** Test data of the payment screens: Harbor Coffee Co. (demo-data.md) on Nov 21, 2026, $289.47 due. */
export const VISA_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01';
export const CHECKING_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e02';
export const EXPIRED_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e03';
export const SOON_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e04';
export const SCHEDULED_ID = '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01';
export const LOCKED_ID = '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e02';
export const PAYMENT_ID = '8b1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01';

export function visa(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: VISA_ID,
    type: 'card',
    label: 'Visa 4242',
    lastFour: '4242',
    brand: 'visa',
    funding: 'credit',
    expMonth: 8,
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
  return {
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
    expired: false,
    expiringSoon: false,
    allowed: true,
    ...overrides,
  };
}

/** Maple Street Bakery's wallet (demo-data.md): an expired card and one expiring this month. */
export function expiredMastercard(): SavedPaymentMethod {
  return visa({
    id: EXPIRED_ID,
    label: 'Mastercard 4444',
    lastFour: '4444',
    brand: 'mc',
    expMonth: 3,
    expYear: 2025,
    isDefault: false,
    expired: true,
  });
}

export function soonDiscover(): SavedPaymentMethod {
  return visa({
    id: SOON_ID,
    label: 'Discover 1117',
    lastFour: '1117',
    brand: 'discover',
    expMonth: 11,
    expYear: 2026,
    isDefault: false,
    expiringSoon: true,
  });
}

export function scheduledPayment(overrides: Partial<ScheduledPayment> = {}): ScheduledPayment {
  return {
    id: SCHEDULED_ID,
    amountCents: 5_000,
    paymentDate: '2026-12-05',
    methodLabel: 'Visa 4242',
    paymentMethodId: VISA_ID,
    confirmationNumber: 'VB-200100',
    editable: true,
    ...overrides,
  };
}

export function harborOptions(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    amountDueCents: 28_947,
    pastDueCents: 0,
    minCents: 100,
    maxCents: 2_500_000,
    restriction: 'none',
    todayOnlyReason: null,
    today: '2026-11-21',
    lastFuturePaymentDate: '2027-01-20',
    tomorrowBlocked: false,
    methods: [visa(), checking()],
    scheduled: [],
    maxScheduled: 2,
    receiptEmail: 'hannah@harbor.example',
    ...overrides,
  };
}

export function receipt(overrides: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    id: PAYMENT_ID,
    confirmationNumber: 'VB-300200',
    amountCents: 28_947,
    methodLabel: 'Visa 4242',
    paymentMethodId: null,
    paymentDate: '2026-11-21',
    status: 'successful',
    channel: 'online',
    entryDate: '2026-11-21T15:04:05.000Z',
    emailedTo: 'hannah@harbor.example',
    ...overrides,
  };
}

export function paymentResponse(overrides: Partial<MakePaymentResponse> = {}): MakePaymentResponse {
  return {
    outcome: 'success',
    payment: receipt(),
    paymentError: null,
    methodSaved: null,
    saveError: null,
    ...overrides,
  };
}

/** Harbor's Auto Pay status (combined flows): not enrolled, not paperless, billed on the 10th. */
export function autoPayStatus(overrides: Partial<AutoPayStatus> = {}): AutoPayStatus {
  return {
    enrollments: [],
    services: ['core'],
    ineligibleReason: null,
    cycleDay: 10,
    today: '2026-11-21',
    paperless: false,
    lastFailedDraft: null,
    discountCents: 500,
    scheduledPayments: [],
    ...overrides,
  };
}
