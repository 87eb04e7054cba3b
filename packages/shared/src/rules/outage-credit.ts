import type { Cents } from '../money';

const DAY_MS = 86_400_000;

/**
 * An outage credit (issue 20 item 8, wider-portal.md §8): the daily rate of an affected service (its monthly charge
 * over the days of its billing cycle) for the affected time in whole days, rounded up; to the nearest cent, never more
 * than the month.
 */
export function outageCredit(input: { monthlyCents: Cents; cycleDays: number; affectedMs: number }): {
  days: number;
  amountCents: Cents;
} {
  const days = outageCreditDays(input.affectedMs);
  const amountCents = Math.min(input.monthlyCents, Math.round((input.monthlyCents * days) / input.cycleDays));
  return { days, amountCents };
}

/** The affected time as the credit counts it: whole days, rounded up, at least one. */
export function outageCreditDays(affectedMs: number): number {
  return Math.max(1, Math.ceil(affectedMs / DAY_MS));
}
