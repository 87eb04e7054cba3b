import { describe, expect, it } from 'vitest';
import { parseDateFields, parseDateValue } from './parse-dates';

describe('parseDateFields (spec §3: fields named like date or timestamp are dates)', () => {
  it('turns date- and timestamp-named strings into Dates, at any depth, and leaves the rest', () => {
    const parsed = parseDateFields({
      companyName: 'Harbor Coffee Co.',
      softDisconnectDate: '2026-03-04',
      eventTimestamp: '2026-03-04T15:30:00.000Z',
      nested: { dueDate: '2026-04-01', note: '2026-04-01' },
      statements: [{ statementDate: '2026-02-01', delinquencyDays: 47 }],
      updatedAt: '2026-03-04T15:30:00.000Z',
      createdAt: '2026-03-04T15:30:00.000Z',
    });

    expect(parsed.companyName).toBe('Harbor Coffee Co.');
    // A calendar date is local midnight of that day, in every time zone.
    expect(parsed.softDisconnectDate).toEqual(new Date(2026, 2, 4));
    expect(parsed.softDisconnectDate.getDate()).toBe(4);
    expect(parsed.eventTimestamp).toEqual(new Date('2026-03-04T15:30:00.000Z'));
    expect(parsed.nested.dueDate).toEqual(new Date(2026, 3, 1));
    expect(parsed.nested.note).toBe('2026-04-01');
    expect(parsed.statements[0]?.statementDate).toEqual(new Date(2026, 1, 1));
    expect(parsed.statements[0]?.delinquencyDays).toBe(47);
    // The rule is literal: "updatedAt" contains "date"; "createdAt" does not.
    expect(parsed.updatedAt).toEqual(new Date('2026-03-04T15:30:00.000Z'));
    expect(parsed.createdAt).toBe('2026-03-04T15:30:00.000Z');
  });

  it('keeps null dates null and leaves unparseable values as they are', () => {
    const parsed = parseDateFields({ softDisconnectDate: null as string | null, startDate: 'soon' });
    expect(parsed.softDisconnectDate).toBeNull();
    expect(parsed.startDate).toBe('soon');
    expect(parseDateValue('not a date')).toBeNull();
  });
});
