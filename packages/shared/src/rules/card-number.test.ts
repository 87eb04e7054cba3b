import { describe, expect, it } from 'vitest';
import { freeText } from '../schemas/free-text';
import {
  CARD_NUMBER_IN_TEXT,
  CARD_NUMBER_MASK,
  containsCardNumber,
  findCardNumberRuns,
  maskCardNumbers,
  validateFreeText,
} from './card-number';

// issue 14 item 6: the demo-data.md test cards (Luhn-valid, 13-19 digits) in every shape a person or a script types
const CARDS = [
  '6011111111111117',
  '4242424242424242',
  '378282246310005',
  '4222222222222',
  '6011000990139424',
  '4000056655665556',
];

describe('findCardNumberRuns', () => {
  it.each([
    ['6011111111111117', [0, 16]],
    ['4242 4242 4242 4242', [0, 19]],
    ['4242-4242-4242-4242', [0, 19]],
    ['4242 - 4242 - 4242 - 4242', [0, 25]],
    ['3782 822463 10005', [0, 17]],
    ['Name 4242424242424242 here', [5, 21]],
    ['x4242424242424242x', [1, 17]],
    ['４２４２４２４２４２４２４２４２', [0, 16]],
    ['4242\u200b4242\u200b4242\u200b4242', [0, 19]],
    ['4242\u00a04242\u20134242\u20144242', [0, 19]],
    // digits around a number do not hide it: a unit number before it, another number after it
    ['Unit 5 4242 4242 4242 4242', [5, 26]],
    ['42424242424242421234', [0, 20]],
    ['60111111111111174242424242424242', [0, 32]],
    // 13 and 19 digits
    ['4222222222222', [0, 13]],
    ['4000 0000 0000 0000 006', [0, 23]],
  ])('%j holds a card number at %j', (text, [start, end]) => {
    expect(findCardNumberRuns(text)).toEqual([{ start, end }]);
    expect(containsCardNumber(text)).toBe(true);
  });

  it('finds each number of a text', () => {
    const text = 'a 4242424242424242 b 5555-5555-5555-4444 c';
    expect(findCardNumberRuns(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      '4242424242424242',
      '5555-5555-5555-4444',
    ]);
  });

  it.each([
    '',
    'Harbor Coffee Co.',
    'José Núñez-O’Brien',
    // Luhn-invalid (13 digits: one window), too short, or broken by other characters
    '4222222222223',
    '4222 2222 2222 3',
    '424242424242',
    '(555) 123-4567',
    '+1 555 123 4567 ext 89',
    '4242.4242.4242.4242',
    '4242/4242/4242/4242',
    'Suite 12, Floor 3',
    '2026-11-24',
    '4242    4242    4242    4242',
  ])('%j holds none', (text) => {
    expect(findCardNumberRuns(text)).toEqual([]);
  });

  it('stays linear on a megabyte of digits', () => {
    const started = Date.now();
    expect(containsCardNumber('1'.repeat(1_000_000))).toBe(true);
    expect(containsCardNumber('1 '.repeat(500_000))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('the free-text rule and schema', () => {
  it.each(CARDS)('refuses %s, bare, spaced and dashed', (card) => {
    for (const text of [card, card.replace(/(\d{4})/g, '$1 ').trim(), card.replace(/(\d{4})(?=\d)/g, '$1-')]) {
      expect(validateFreeText(text)).toEqual({ ok: false, message: CARD_NUMBER_IN_TEXT });
      const parsed = freeText({ max: 100 }).safeParse(`  ${text}  `);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ code: 'custom', params: { fieldCode: CARD_NUMBER_IN_TEXT } });
    }
  });

  it('accepts ordinary text, trimmed', () => {
    expect(validateFreeText('Harbor Coffee Co.')).toEqual({ ok: true });
    expect(freeText({ max: 100 }).parse('  Harbor Coffee Co.  ')).toBe('Harbor Coffee Co.');
    expect(freeText({ max: 5 }).safeParse('too long').success).toBe(false);
    expect(freeText({ max: 5 }).safeParse(' ').success).toBe(false);
  });
});

describe('masking card numbers in log lines (issue 14 item 7)', () => {
  it.each([
    ['4242424242424242', '4242424242424242'],
    ['cursor=4242424242424242&x=1', '4242424242424242'],
    ['/statements/6011111111111117', '6011111111111117'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242-4242-4242-4242'],
    ['amex 3782 822463 10005 thanks', '3782 822463 10005'],
    ['13 digits 4222222222222', '4222222222222'],
    ['19 digits 6011000000000000001', '6011000000000000001'],
    // the whole run of digits goes: digits around a number neither hide it nor survive beside it
    ['pasted with its expiry: 4242 4242 4242 4242 12 28', '4242 4242 4242 4242 12 28'],
    ['after a number: 12 4242 4242 4242 4242', '12 4242 4242 4242 4242'],
    ['4242  4242  4242  4242', '4242  4242  4242  4242'],
    ['42424242424242424242', '42424242424242424242'],
    ['14242424242424242', '14242424242424242'],
    ['name4242424242424242x', '4242424242424242'],
    ['id 6f586128-2863-471c-ae64-c52ea48fb0b1 then 4242424242424242', '4242424242424242'],
  ])('finds the card number in %j', (text, card) => {
    const runs = findCardNumberRuns(text);
    expect(runs.map((run) => text.slice(run.start, run.end))).toEqual([card]);
    expect(containsCardNumber(text)).toBe(true);
    expect(maskCardNumbers(text)).toBe(text.replace(card, CARD_NUMBER_MASK));
  });

  it.each([
    ['not Luhn-valid, nor any 13-19 digits of it', '4242424242424311'],
    ['12 digits', '424242424242'],
    ['a timestamp-like short number', '1764000000'],
    ['dots between groups', '4242.4242.4242.4242'],
    ['an ordinary name', 'Harbor Coffee Co.'],
    ['a UUID', '6f1c3a8e-1b7d-4c55-9a61-3f6b2c1d0e9f'],
    // request ids of a real run whose dash-joined digits pass the Luhn check (1-4695-9077-8326, 586128-2863-471)
    ['a UUID with a Luhn-valid run', 'e8e46a9c-12d1-4695-9077-8326ee91657d'],
    ['another', 'requestId 6f586128-2863-471c-ae64-c52ea48fb0b1 done'],
    ['a digits-only UUID', '42424242-4242-4242-4242-424242424242'],
    ['a hash', 'sha256 4242424242424242ab4242424242424242cd4242424242424242ef42424242'],
  ])('finds none in %s', (_what, text) => {
    expect(findCardNumberRuns(text)).toEqual([]);
    expect(containsCardNumber(text)).toBe(false);
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('masks several and merges overlapping runs', () => {
    expect(maskCardNumbers('a 4242424242424242 b 5555-5555-5555-4444 c')).toBe(
      `a ${CARD_NUMBER_MASK} b ${CARD_NUMBER_MASK} c`,
    );
    // two card numbers one space apart are one masked stretch
    expect(maskCardNumbers('4242 4242 4242 4242 5555 5555 5555 4444')).not.toMatch(/\d{4}/);
  });

  it('stays linear on long digit strings (a run past 64 digits is taken to hold one)', () => {
    const text = '1 '.repeat(200_000) + '4'.repeat(200_000);
    const started = Date.now();
    expect(containsCardNumber(text)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
