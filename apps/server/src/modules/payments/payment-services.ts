import { createPaymentEngine, type PaymentsServiceDeps } from './payment-engine';
import { createPaymentsService } from './payments.service';
import { createScheduledPaymentsService } from './scheduled-payments.service';
import { createSettlementService } from './settlement.service';

/**
 * The payments module's services, one job each, over one engine (what they share): one-time payments and receipts,
 * scheduled payments, and settlement (posting, reconciling, restoring service; it registers the restore jobs).
 */
export function createPaymentServices(deps: PaymentsServiceDeps) {
  const engine = createPaymentEngine(deps);
  return {
    payments: createPaymentsService(deps, engine),
    scheduledPayments: createScheduledPaymentsService(deps, engine),
    settlement: createSettlementService(deps, engine),
  };
}
