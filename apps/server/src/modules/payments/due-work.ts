import type { AutoPayService } from '../autopay/autopay.service';
import type { BillingService } from '../billing/billing.service';
import type { PaymentsService } from './payments.service';

/**
 * The background work due now (architecture.md, background work), in order: statements and delinquency, scheduled
 * payments of the day, Auto Pay drafts (which charge what those left), bank debits that settled, payments left in progress, then jobs such as service restoration.
 * Each step claims its rows with SKIP LOCKED and is idempotent, so any number of instances may run it at once.
 * A step that fails does not keep the later ones from running (a failed billing cycle must not leave payments in
 * progress unreconciled); the pass then fails with every step's error, and the next pass retries what failed.
 */
export async function runDueWork(services: {
  billing: BillingService;
  payments: PaymentsService;
  autopay: AutoPayService;
}) {
  const steps = {
    statements: () => services.billing.runBillingCycle(),
    // scheduled payments of the day before the drafts: a draft waits for their outcome (issue 14, `draftMustWait`)
    scheduled: () => services.payments.runScheduledPayments(),
    drafts: () => services.autopay.runDrafts(),
    posted: () => services.payments.postPendingPayments(),
    reconciled: () => services.payments.reconcile(),
    jobs: () => services.payments.runJobs(),
  };
  const done = {} as Record<keyof typeof steps, number>;
  const failed = new Map<string, unknown>();
  for (const name of Object.keys(steps) as (keyof typeof steps)[]) {
    done[name] = await steps[name]().catch((error: unknown) => {
      failed.set(name, error);
      return 0;
    });
  }
  if (failed.size > 0) {
    throw new AggregateError([...failed.values()], `background work: ${[...failed.keys()].join(', ')} failed`);
  }
  return done;
}
