import { describe, expect, it } from 'vitest';
import { type ChangeReasonType, changeReasonMessage } from './change-reason';

describe('change reasons (product-decisions.md: why did my bill change?)', () => {
  const types: ChangeReasonType[] = [
    'promotion_ended',
    'plan_change',
    'new_service',
    'one_time_charge',
    'tax_change',
    'proration',
    'removed',
    'new_line',
  ];

  it.each(types)('%s has a message with the date and one without', (type) => {
    const dated = changeReasonMessage({ type, occurredOn: '2026-10-14' });
    const undated = changeReasonMessage({ type, occurredOn: null });
    expect(dated.date).toBe('2026-10-14');
    expect(undated.date).toBeNull();
    expect(dated.id).not.toBe(undated.id);
  });

  it('gives every reason its own words', () => {
    const ids = types.map((type) => changeReasonMessage({ type, occurredOn: '2026-10-14' }).id);
    expect(new Set(ids).size).toBe(types.length);
  });
});
