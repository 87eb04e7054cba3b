import { describe, expect, it } from 'vitest';
import { freeText } from '../schemas/free-text';
import { CARD_NUMBER_IN_TEXT, containsCardNumber, findCardNumberRuns, validateFreeText } from './card-number';

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
