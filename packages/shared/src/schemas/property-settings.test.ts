import { describe, expect, it } from 'vitest';
import {
  BusinessHoursRequestSchema,
  checkIntervals,
  HOURS_CODES,
  minutesOf,
  timeOf,
  wallClockOf,
  weekMinutes,
  withinIntervals,
} from './property-settings';

const at = (opens: string, closes: string) => ({ opens, closes });

// issue 22 item 5, wider-portal.md §10: a day is closed or one or two intervals on the 15-minute grid
describe('checkIntervals', () => {
  it.each([
    ['closed', []],
    ['one interval', [at('09:00', '17:00')]],
    ['open until midnight', [at('18:00', '24:00')]],
    ['a break', [at('08:00', '12:00'), at('13:15', '18:45')]],
    ['a break of no minutes (touching)', [at('08:00', '12:00'), at('12:00', '14:00')]],
    ['a break given afternoon first', [at('13:00', '17:00'), at('08:00', '12:00')]],
  ])('takes %s', (_, intervals) => {
    expect(checkIntervals(intervals)).toBeNull();
  });

  it.each([
    ['off the grid', [at('09:10', '17:00')], 0, HOURS_CODES.step],
    ['closing off the grid', [at('09:00', '17:01')], 0, HOURS_CODES.step],
    ['closing before opening', [at('17:00', '09:00')], 0, HOURS_CODES.order],
    ['closing as it opens', [at('09:00', '09:00')], 0, HOURS_CODES.order],
    ['a second one wrong', [at('09:00', '12:00'), at('14:00', '13:00')], 1, HOURS_CODES.order],
    ['overlapping intervals', [at('09:00', '12:00'), at('11:45', '13:00')], 1, HOURS_CODES.overlap],
    ['one inside the other', [at('09:00', '17:00'), at('10:00', '11:00')], 1, HOURS_CODES.overlap],
  ])('refuses %s, on the interval at fault', (_, intervals, interval, code) => {
    expect(checkIntervals(intervals)).toEqual({ interval, code });
  });
});

describe('the time helpers', () => {
  it('turn HH:MM into minutes and back', () => {
    expect(minutesOf('09:45')).toBe(585);
    expect(minutesOf('24:00')).toBe(1440);
    expect(timeOf(585)).toBe('09:45');
    expect(timeOf(1440)).toBe('24:00');
  });

  it('read a window’s wall clock in the account’s zone (daylight saving time included)', () => {
    expect(wallClockOf(new Date('2026-11-21T15:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-21',
      weekday: 6,
      minutes: 600,
    });
    expect(wallClockOf(new Date('2026-07-04T03:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-07-03',
      weekday: 5,
      minutes: 23 * 60 + 30,
    });
  });

  it('say whether a window lies inside a day’s hours', () => {
    const week = weekMinutes([{ weekday: 1, intervals: [at('13:00', '17:00'), at('09:00', '12:00')] }]);
    const monday = week.get(1) ?? [];
    expect(monday).toEqual([
      [540, 720],
      [780, 1020],
    ]);
    expect(withinIntervals(monday, 600, 720)).toBe(true);
    expect(withinIntervals(monday, 660, 780)).toBe(false);
    expect(withinIntervals(week.get(0) ?? [], 600, 720)).toBe(false);
  });
});

describe('the week as a request', () => {
  it('takes seven days with times as HH:MM, at most two intervals a day', () => {
    const day = (weekday: number, intervals: { opens: string; closes: string }[] = []) => ({ weekday, intervals });
    const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => day(weekday));
    expect(BusinessHoursRequestSchema.safeParse({ week }).success).toBe(true);
    expect(BusinessHoursRequestSchema.safeParse({ week: week.slice(1) }).success).toBe(false);
    const late = week.map((each) => (each.weekday === 1 ? day(1, [at('9:00', '17:00')]) : each));
    expect(BusinessHoursRequestSchema.safeParse({ week: late }).success).toBe(false);
    const three = week.map((each) =>
      each.weekday === 1 ? day(1, [at('08:00', '09:00'), at('10:00', '11:00'), at('12:00', '13:00')]) : each,
    );
    expect(BusinessHoursRequestSchema.safeParse({ week: three }).success).toBe(false);
  });
});
