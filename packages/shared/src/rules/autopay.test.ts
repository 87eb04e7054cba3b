import { describe, expect, it } from 'vitest';
import { debitDayCalendar, draftDateFor, draftLockedByChange, isDebitDayAllowed, nextDraftDates } from './autopay';

describe('draftDateFor (spec §5: a missing day drafts on the 1st of the next month)', () => {
  it.each([
    ['2026-11-10', 31, '2026-12-01'],
    ['2026-11-10', 20, '2026-11-20'],
    ['2026-11-10', 5, '2026-12-05'],
    ['2026-11-10', 10, '2026-12-10'],
    ['2027-02-10', 30, '2027-03-01'],
    ['2026-12-10', 31, '2026-12-31'],
  ])('statement %s, day %i → %s', (statement, day, draft) => {
    expect(draftDateFor(statement, day)).toBe(draft);
  });
});

describe('debit-day calendar (cycle day 10: statements on the 10th, due 21 days later)', () => {
  const calendar = debitDayCalendar(10, '2026-11-21');
  it('allows the days from the 11th to the 31st', () => {
    expect(calendar.filter((d) => d.allowed).map((d) => d.day)).toEqual(Array.from({ length: 21 }, (_, i) => i + 11));
  });
  it('blocks days that would draft after the due date, and the statement day itself', () => {
    for (const day of [1, 2, 5, 9, 10]) expect(isDebitDayAllowed(day, 10, '2026-11-21')).toBe(false);
  });
  it('says which days move to the 1st of the next month in some month', () => {
    expect(calendar.filter((d) => d.movesToFirst).map((d) => d.day)).toEqual([29, 30, 31]);
  });
  it('refuses what is not a day', () => {
    for (const day of [0, 32, 1.5]) expect(isDebitDayAllowed(day, 10, '2026-11-21')).toBe(false);
  });
});

describe('nextDraftDates (the picker shows three)', () => {
  it('day 31 on cycle day 10, from 2026-11-21', () => {
    expect(nextDraftDates(31, 10, '2026-11-21')).toEqual(['2026-12-01', '2026-12-31', '2027-01-31']);
  });
  it('includes today', () => {
    expect(nextDraftDates(21, 10, '2026-11-21')[0]).toBe('2026-11-21');
  });
});

describe('draftLockedByChange (a change within 2 days of a draft applies after it)', () => {
  it.each([
    ['2026-11-21', '2026-11-21', '2026-11-21'],
    ['2026-11-23', '2026-11-21', '2026-11-23'],
    ['2026-11-24', '2026-11-21', null],
    ['2026-11-20', '2026-11-21', null],
    [null, '2026-11-21', null],
  ])('next draft %s on %s → %s', (draft, today, locked) => {
    expect(draftLockedByChange(draft, today)).toBe(locked);
  });
});
