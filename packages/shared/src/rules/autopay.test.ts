import { describe, expect, it } from 'vitest';
import {
  type DraftLedgerPayment,
  debitDayCalendar,
  draftAmountCents,
  draftDateFor,
  draftLockedByChange,
  draftMustWait,
  isDebitDayAllowed,
  nextDraftDates,
  scheduledBeforeDraft,
} from './autopay';

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

describe('draftAmountCents (issue 14: the draft subtracts every payment scheduled by its date, pending or in progress)', () => {
  const pay = (status: DraftLedgerPayment['status'], paymentDate: string, amountCents: number) => ({
    status,
    paymentDate,
    amountCents,
  });
  it.each<[string, DraftLedgerPayment[], number]>([
    ['nothing else: the whole balance', [], 28_947],
    ['scheduled for the draft day (Harbor: the double charge)', [pay('scheduled', '2026-12-01', 28_947)], 0],
    ['scheduled the day before', [pay('scheduled', '2026-11-30', 28_947)], 0],
    ['scheduled the day after: the draft does not wait for it', [pay('scheduled', '2026-12-02', 28_947)], 28_947],
    ['a partial scheduled amount', [pay('scheduled', '2026-12-01', 5_000)], 23_947],
    ['a pending bank debit', [pay('pending', '2026-11-28', 10_000)], 18_947],
    ['a payment in progress', [pay('processing', '2026-12-01', 10_000)], 18_947],
    [
      'failed, returned and cancelled payments do not count',
      [
        pay('failed', '2026-12-01', 28_947),
        pay('returned', '2026-11-20', 28_947),
        pay('cancelled', '2026-12-01', 28_947),
      ],
      28_947,
    ],
    ['posted payments are in the balance already', [pay('successful', '2026-12-01', 28_947)], 28_947],
    [
      'more coming than owed: nothing, never below zero',
      [pay('scheduled', '2026-12-01', 20_000), pay('pending', '2026-11-29', 20_000)],
      0,
    ],
  ])('%s', (_, payments, expected) => {
    expect(draftAmountCents(28_947, payments, '2026-12-01')).toBe(expected);
  });

  it('lists the scheduled payments the draft leaves to themselves', () => {
    const payments = [
      pay('scheduled', '2026-12-01', 5_000),
      pay('scheduled', '2026-12-05', 1_000),
      pay('pending', '2026-11-30', 1),
    ];
    expect(scheduledBeforeDraft(payments, '2026-12-01')).toEqual([payments[0]]);
  });
});

describe('draftMustWait (issue 14: a draft waits for the outcome of a payment due by its day)', () => {
  it.each<[string, DraftLedgerPayment['status'], string, boolean]>([
    ['scheduled today, not run yet', 'scheduled', '2026-12-01', true],
    ['scheduled earlier, not run yet', 'scheduled', '2026-11-30', true],
    ['scheduled later', 'scheduled', '2026-12-02', false],
    ['in progress at the processor', 'processing', '2026-12-01', true],
    ['pending: its amount is known', 'pending', '2026-12-01', false],
    ['declined', 'failed', '2026-12-01', false],
    ['posted', 'successful', '2026-12-01', false],
  ])('%s → %s', (_, status, paymentDate, expected) => {
    expect(draftMustWait([{ status, paymentDate, amountCents: 100 }], '2026-12-01')).toBe(expected);
  });
});
