import { describe, expect, it } from 'vitest';
import type { AutoPayService } from '../autopay/autopay.service';
import type { BillingService } from '../billing/billing.service';
import { runDueWork } from './due-work';
import type { PaymentsService } from './payments.service';

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
      billing: { runBillingCycle: step('statements', 1) } as unknown as BillingService,
      autopay: { runDrafts: step('drafts', 2) } as unknown as AutoPayService,
      payments: {
        runScheduledPayments: step('scheduled', 3),
        postPendingPayments: step('posted', 4),
        reconcile: step('reconciled', 5),
        runJobs: step('jobs', 6),
      } as unknown as PaymentsService,
    },
  };
}

describe('background work (architecture.md)', () => {
  it('runs every step in order and says what each did', async () => {
    const { ran, services: all } = services();
    expect(await runDueWork(all)).toEqual({
      statements: 1,
      scheduled: 3,
      drafts: 2,
      posted: 4,
      reconciled: 5,
      jobs: 6,
    });
    expect(ran).toEqual(['statements', 'scheduled', 'drafts', 'posted', 'reconciled', 'jobs']);
  });

  it('runs the later steps when one fails, then fails with every failed step named', async () => {
    const { ran, services: all } = services(['statements', 'posted']);
    const failure = await runDueWork(all).then(
      () => null,
      (error: unknown) => error,
    );
    expect(ran).toEqual(['statements', 'scheduled', 'drafts', 'posted', 'reconciled', 'jobs']);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).message).toBe('background work: statements, posted failed');
    expect((failure as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      'statements broke',
      'posted broke',
    ]);
  });
});
