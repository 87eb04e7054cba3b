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
  const days = Math.max(1, Math.ceil(input.affectedMs / DAY_MS));
  const amountCents = Math.min(input.monthlyCents, Math.round((input.monthlyCents * days) / input.cycleDays));
  return { days, amountCents };
}
