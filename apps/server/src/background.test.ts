import { describe, expect, it } from 'vitest';
import { createDueWork } from './background';

/** Services whose steps record that they ran and return `counts`; a step named in `failing` throws. */
function services(failing: string[] = []) {
  const ran: string[] = [];
  const step = (name: string, count: number) => async () => {
    ran.push(name);
    if (failing.includes(name)) throw new Error(`${name} broke`);
    return count;
  };
  return {
    ran,
    services: {
      billing: { runBillingCycle: step('statements', 1) },
      autopay: { runDrafts: step('drafts', 2), runUpcomingNotices: step('autopayUpcoming', 9) },
      wallet: { runExpiringCards: step('cardsExpiring', 10) },
      scheduledPayments: { runScheduledPayments: step('scheduled', 3) },
      settlement: { postPendingPayments: step('posted', 4), reconcile: step('reconciled', 5) },
      jobs: { runDue: step('jobs', 6) },
      auditLog: { purgeExpired: step('auditRetention', 7) },
      users: { runAccessEnds: step('accessEnds', 8) },
      voicePlatform: { purgeExpired: step('voicePurge', 11) },
      visitReminders: { runReminders: step('visitReminders', 12) },
      restoreNotices: { runRestoreNotices: step('restoreNotices', 13) },
      propertyNotices: { runOutageNotices: step('propertyOutageNotices', 14) },
      contractNotices: { runContractNotices: step('contractNotices', 15) },
      bulkBills: { runMonthlyBills: step('bulkBills', 16) },
      rampActivations: { runActivationRecords: step('rampActivations', 17) },
      analytics: { purgeExpired: step('analyticsRetention', 18) },
    },
  };
}

describe('background work (architecture.md)', () => {
  it('runs every step in order and says what each did', async () => {
    const { ran, services: all } = services();
    expect(await createDueWork(all).run()).toEqual({
      statements: 1,
      scheduled: 3,
      drafts: 2,
      autopayUpcoming: 9,
      cardsExpiring: 10,
      posted: 4,
      reconciled: 5,
      jobs: 6,
      accessEnds: 8,
      auditRetention: 7,
      voicePurge: 11,
      visitReminders: 12,
      restoreNotices: 13,
      propertyOutageNotices: 14,
      contractNotices: 15,
      bulkBills: 16,
      rampActivations: 17,
      analyticsRetention: 18,
    });
    expect(ran).toEqual([
      'statements',
      'scheduled',
      'drafts',
      'autopayUpcoming',
      'cardsExpiring',
      'posted',
      'reconciled',
      'jobs',
      'accessEnds',
      'auditRetention',
      'voicePurge',
      'visitReminders',
      'restoreNotices',
      'propertyOutageNotices',
      'contractNotices',
      'bulkBills',
      'rampActivations',
      'analyticsRetention',
    ]);
  });

  it('runs the later steps when one fails, then fails with every failed step named', async () => {
    const { ran, services: all } = services(['statements', 'posted']);
    const failure = await createDueWork(all)
      .run()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(ran).toEqual([
      'statements',
      'scheduled',
      'drafts',
      'autopayUpcoming',
      'cardsExpiring',
      'posted',
      'reconciled',
      'jobs',
      'accessEnds',
      'auditRetention',
      'voicePurge',
      'visitReminders',
      'restoreNotices',
      'propertyOutageNotices',
      'contractNotices',
      'bulkBills',
      'rampActivations',
      'analyticsRetention',
    ]);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).message).toBe('background work: statements, posted failed');
    expect((failure as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      'statements broke',
      'posted broke',
    ]);
  });
});
