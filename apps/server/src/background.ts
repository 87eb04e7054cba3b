import { type BackgroundWork, createBackgroundWork } from './platform/background-work';

/**
 * The order of the background work (architecture.md, background work), decided here, in the composition root: the
 * billing run (statements and delinquency), the scheduled payments of the day before the Auto Pay drafts (a draft
 * waits for their outcome: issue 14, `draftMustWait`), bank debits that settled, payments left in progress, then due
 * jobs (service restoration) from the platform's job registry, then the audit log's retention.
 */
export function createDueWork(steps: {
  billing: { runBillingCycle(): Promise<number> };
  scheduledPayments: { runScheduledPayments(): Promise<number> };
  autopay: { runDrafts(): Promise<number> };
  settlement: { postPendingPayments(): Promise<number>; reconcile(): Promise<number> };
  jobs: { runDue(): Promise<number> };
  auditLog: { purgeExpired(): Promise<number> };
  users: { runAccessEnds(): Promise<number> };
}): BackgroundWork {
  const work = createBackgroundWork();
  work.register('statements', () => steps.billing.runBillingCycle());
  work.register('scheduled', () => steps.scheduledPayments.runScheduledPayments());
  work.register('drafts', () => steps.autopay.runDrafts());
  work.register('posted', () => steps.settlement.postPendingPayments());
  work.register('reconciled', () => steps.settlement.reconcile());
  work.register('jobs', () => steps.jobs.runDue());
  // wider-portal.md §4: time-boxed access ends (and its reminders 3 days before)
  work.register('accessEnds', () => steps.users.runAccessEnds());
  // wider-portal.md §4: audit entries are kept 400 days (once a day)
  work.register('auditRetention', () => steps.auditLog.purgeExpired());
  return work;
}
