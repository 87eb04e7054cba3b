import { type BackgroundWork, createBackgroundWork } from './platform/background-work';

/**
 * The order of the background work (architecture.md, background work), decided here, in the composition root: the
 * billing run (statements and delinquency), the scheduled payments of the day before the Auto Pay drafts (a draft
 * waits for their outcome: issue 14, `draftMustWait`), the notices of a coming draft and of expiring cards, bank
 * debits that settled, payments left in progress, then due jobs (service restoration, "bill ready") from the
 * platform's job registry, then time-boxed access, the audit log's retention, the voice platform's purge (deleted voicemail, old calls), the
 * technician visits' reminders, the outages' restore notices, the community properties' outage notices, the bulk
 * agreements' renewal notices, the billing engine's monthly bulk bills, the record of units activated and client
 * analytics' retention.
 */
export function createDueWork(steps: {
  billing: { runBillingCycle(): Promise<number> };
  scheduledPayments: { runScheduledPayments(): Promise<number> };
  autopay: { runDrafts(): Promise<number>; runUpcomingNotices(): Promise<number> };
  wallet: { runExpiringCards(): Promise<number> };
  settlement: { postPendingPayments(): Promise<number>; reconcile(): Promise<number> };
  jobs: { runDue(): Promise<number> };
  auditLog: { purgeExpired(): Promise<number> };
  users: { runAccessEnds(): Promise<number> };
  voicePlatform: { purgeExpired(): Promise<number> };
  visitReminders: { runReminders(): Promise<number> };
  restoreNotices: { runRestoreNotices(): Promise<number> };
  propertyNotices: { runOutageNotices(): Promise<number> };
  contractNotices: { runContractNotices(): Promise<number> };
  bulkBills: { runMonthlyBills(): Promise<number> };
  rampActivations: { runActivationRecords(): Promise<number> };
  analytics: { purgeExpired(): Promise<number> };
}): BackgroundWork {
  const work = createBackgroundWork();
  work.register('statements', () => steps.billing.runBillingCycle());
  work.register('scheduled', () => steps.scheduledPayments.runScheduledPayments());
  work.register('drafts', () => steps.autopay.runDrafts());
  // wider-portal.md §3: "Auto Pay draft coming", 3 days before the draft
  work.register('autopayUpcoming', () => steps.autopay.runUpcomingNotices());
  // wider-portal.md §3: "card expiring", once a saved card is expiring soon
  work.register('cardsExpiring', () => steps.wallet.runExpiringCards());
  work.register('posted', () => steps.settlement.postPendingPayments());
  work.register('reconciled', () => steps.settlement.reconcile());
  work.register('jobs', () => steps.jobs.runDue());
  // wider-portal.md §4: time-boxed access ends (and its reminders 3 days before)
  work.register('accessEnds', () => steps.users.runAccessEnds());
  // wider-portal.md §4: audit entries are kept 400 days (once a day)
  work.register('auditRetention', () => steps.auditLog.purgeExpired());
  // wider-portal.md §6: a deleted voicemail or fax is kept 30 days in Deleted, calls 90 days
  work.register('voicePurge', () => steps.voicePlatform.purgeExpired());
  // wider-portal.md §7: a technician visit's reminders (the day before; the technician on the way)
  work.register('visitReminders', () => steps.visitReminders.runReminders());
  // wider-portal.md §8: an outage over is told once to each callback at a location inside it
  work.register('restoreNotices', () => steps.restoreNotices.runRestoreNotices());
  // wider-portal.md §10 (issue 22 item 5): an outage at a community property, told to the contacts chosen for it
  work.register('propertyOutageNotices', () => steps.propertyNotices.runOutageNotices());
  // wider-portal.md §10 (issue 22 item 5): a bulk agreement's renewal, told to the contacts chosen for the contract
  work.register('contractNotices', () => steps.contractNotices.runContractNotices());
  // wider-portal.md §10 (issue 22 item 6): the billing engine's bulk bills of each month come (simulated)
  work.register('bulkBills', () => steps.bulkBills.runMonthlyBills());
  // and the units activated this month at each covered property, the ramp ledger's record of past months
  work.register('rampActivations', () => steps.rampActivations.runActivationRecords());
  // issue 23 item 2: client analytics' retention (90 days)
  work.register('analyticsRetention', () => steps.analytics.purgeExpired());
  return work;
}
