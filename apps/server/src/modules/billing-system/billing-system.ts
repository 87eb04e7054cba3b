import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';

/**
 * The provider's billing system as far as Auto Pay, paperless and mobile billing are concerned (simulated, like the processor):
 * enrolments and the paperless flag are changed there. Its only behaviour of its own is failing: non-production
 * fault knobs make the next N calls of an operation fail, so combined flows can show partial failure (issue 6).
 */
export const BILLING_SYSTEM_OPERATIONS = [
  'autopayEnroll',
  'autopayCancel',
  'autopayChangeDate',
  'paperless',
  // issue 7: the mobile billing system's reads and the subscription service
  'mobileBilling',
  'mobileDevices',
  'mobileTransactions',
  'mobileOrders',
  'subscriptions',
  // issue 22 item 6: the community variant's bulk bills and their projection (bulk-billing.ts)
  'bulkBilling',
] as const;
export type BillingSystemOperation = (typeof BILLING_SYSTEM_OPERATIONS)[number];

export class BillingSystemError extends Error {
  constructor(readonly operation: BillingSystemOperation) {
    super(`billing system refused ${operation}`);
    this.name = 'BillingSystemError';
  }
}

export function createBillingSystem() {
  const faults = createFaultKnobs(BILLING_SYSTEM_OPERATIONS);
  return {
    /** Throws BillingSystemError when a fault is armed for this operation (and uses it up). */
    call(operation: BillingSystemOperation) {
      if (faults.take(operation)) throw new BillingSystemError(operation);
    },
    faults,
  };
}

export type BillingSystem = ReturnType<typeof createBillingSystem>;

export const BILLING_SYSTEM_FAULTS_PATH = '/api/dev/billing-system/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const billingSystemDevRoutes = (billingSystem: BillingSystem) =>
  faultKnobRoutes(BILLING_SYSTEM_FAULTS_PATH, BILLING_SYSTEM_OPERATIONS, billingSystem.faults);
