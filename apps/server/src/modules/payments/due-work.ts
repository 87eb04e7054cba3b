import type { AutoPayService } from '../autopay/autopay.service';
import type { BillingService } from '../billing/billing.service';
import type { PaymentsService } from './payments.service';

/**
 * The background work due now (architecture.md, background work), in order: statements and delinquency, Auto Pay
 * drafts, scheduled payments of the day, bank debits that settled, payments left in progress, then jobs such as service restoration.
 * Each step claims its rows with SKIP LOCKED and is idempotent, so any number of instances may run it at once.
 */
export async function runDueWork(services: {
  billing: BillingService;
  payments: PaymentsService;
  autopay: AutoPayService;
}) {
  const statements = await services.billing.runBillingCycle();
  const drafts = await services.autopay.runDrafts();
  const scheduled = await services.payments.runScheduledPayments();
  const posted = await services.payments.postPendingPayments();
  const reconciled = await services.payments.reconcile();
  const jobs = await services.payments.runJobs();
  return { statements, drafts, scheduled, posted, reconciled, jobs };
}
