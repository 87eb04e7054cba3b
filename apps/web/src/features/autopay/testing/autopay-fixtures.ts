import type { AutoPayChangeResponse, AutoPayEnrollment, AutoPayStatus } from '@vireo/shared';

import { VISA_ID } from '../../../test/wallet';

// The wallet the Auto Pay screens choose from is the wallet page's test data.
export * from '../../../test/wallet';

/** Test data of the Auto Pay screens: Harbor Coffee Co. (demo-data.md), cycle day 10, on Nov 21, 2026. */
export const NEW_CARD_ID = '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e05';
export const FAILED_PAYMENT_ID = '9c1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01';

export function harborStatus(overrides: Partial<AutoPayStatus> = {}): AutoPayStatus {
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

export function enrollment(overrides: Partial<AutoPayEnrollment> = {}): AutoPayEnrollment {
  return {
    scope: 'core',
    paymentMethodId: VISA_ID,
    methodLabel: 'Visa 4242',
    debitDay: 15,
    nextDraftDate: '2026-12-15',
    nextDraftAmountCents: 28_947,
    changesApplyAfter: null,
    cancellable: true,
    ...overrides,
  };
}

export function changeResponse(
  outcome: AutoPayChangeResponse['outcome'],
  parts: AutoPayChangeResponse['parts'],
  status: AutoPayStatus = harborStatus(),
): AutoPayChangeResponse {
  return { outcome, parts, status };
}
