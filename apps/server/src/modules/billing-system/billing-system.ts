import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_CONTROL_ROUTE } from '../../plugins/dev-control';

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
] as const;
export type BillingSystemOperation = (typeof BILLING_SYSTEM_OPERATIONS)[number];

export class BillingSystemError extends Error {
  constructor(readonly operation: BillingSystemOperation) {
    super(`billing system refused ${operation}`);
    this.name = 'BillingSystemError';
  }
}

export function createBillingSystem() {
  const failing = new Map<BillingSystemOperation, number>();
  return {
    /** Throws BillingSystemError when a fault is armed for this operation (and uses it up). */
    call(operation: BillingSystemOperation) {
      const left = failing.get(operation) ?? 0;
      if (left <= 0) return;
      failing.set(operation, left - 1);
      throw new BillingSystemError(operation);
    },
    faults: {
      set(operation: BillingSystemOperation, count: number) {
        failing.set(operation, count);
      },
      get() {
        return Object.fromEntries(BILLING_SYSTEM_OPERATIONS.map((op) => [op, failing.get(op) ?? 0]));
      },
      reset() {
        failing.clear();
      },
    },
  };
}

export type BillingSystem = ReturnType<typeof createBillingSystem>;

export const BILLING_SYSTEM_FAULTS_PATH = '/api/dev/billing-system/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const billingSystemDevRoutes: FastifyPluginAsyncZod<{ billingSystem: BillingSystem }> = async (
  app,
  { billingSystem },
) => {
  app.put(
    BILLING_SYSTEM_FAULTS_PATH,
    {
      config: DEV_CONTROL_ROUTE,
      schema: {
        tags: ['dev'],
        body: z.strictObject({
          operation: z.enum(BILLING_SYSTEM_OPERATIONS).optional(),
          count: z.number().int().min(0).max(1_000).optional(),
          reset: z.literal(true).optional(),
        }),
        response: { 200: z.record(z.string(), z.number()) },
      },
    },
    async (request) => {
      const { operation, count, reset } = request.body;
      if (reset) billingSystem.faults.reset();
      if (operation) billingSystem.faults.set(operation, count ?? 1);
      return billingSystem.faults.get();
    },
  );
};
