import { addDays, daysBetween, dueDateFor } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { planHistory } from './seed';

const everyDay = Array.from({ length: 3 * 366 }, (_, i) => addDays('2026-01-01', i));

describe('planHistory', () => {
  it('puts the latest statement due in exactly N days, or up to 3 sooner when that needs a cycle day past the 28th', () => {
    for (const today of everyDay) {
      const { cycleDay, latest } = planHistory({ kind: 'due_in_days', days: 10 }, today);
      const dueIn = daysBetween(today, dueDateFor(latest));
      const nominalDay = Number(addDays(today, -11).slice(8, 10));
      expect(cycleDay).toBeLessThanOrEqual(28);
      expect(dueIn).toBe(nominalDay <= 28 ? 10 : 10 - (nominalDay - 28));
    }
  });

  it('makes the oldest unpaid statement N days past due, or up to 3 more, and never ends the history in the future', () => {
    for (const today of everyDay) {
      const { latest, oldestUnpaid } = planHistory({ kind: 'days_past_due', days: 47, pastDueCents: 1 }, today);
      const days = daysBetween(dueDateFor(oldestUnpaid ?? latest), today);
      expect(days).toBeGreaterThanOrEqual(47);
      expect(days).toBeLessThanOrEqual(50);
      expect(daysBetween(latest, today)).toBeGreaterThanOrEqual(0);
    }
  });
});
