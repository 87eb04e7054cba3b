import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MASK, containsCardNumber, findCardNumberRuns, maskCardNumbers } from './card-number';

describe('card-number-shaped runs (issue 14 items 6 and 7)', () => {
  it.each([
    ['4242424242424242', '4242424242424242'],
    ['cursor=4242424242424242&x=1', '4242424242424242'],
    ['/statements/6011111111111117', '6011111111111117'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242-4242-4242-4242'],
    ['amex 3782 822463 10005 thanks', '3782 822463 10005'],
    ['13 digits 4222222222222', '4222222222222'],
    ['19 digits 6011000000000000001', '6011000000000000001'],
    ['pasted with its expiry: 4242 4242 4242 4242 12 28', '4242 4242 4242 4242'],
    ['after a number: 12 4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['name4242424242424242x', '4242424242424242'],
    ['id 6f586128-2863-471c-ae64-c52ea48fb0b1 then 4242424242424242', '4242424242424242'],
  ])('finds the card number in %j', (text, card) => {
    const runs = findCardNumberRuns(text);
    expect(runs.map((run) => text.slice(run.start, run.end))).toEqual([card]);
    expect(containsCardNumber(text)).toBe(true);
    expect(maskCardNumbers(text)).toBe(text.replace(card, CARD_NUMBER_MASK));
  });

  it.each([
    ['not Luhn-valid', '4242424242424241'],
    ['12 digits', '424242424242'],
    ['20 digits, unbroken', '42424242424242424242'],
    ['a card number inside a longer unbroken number', '14242424242424242'],
    ['a timestamp-like short number', '1764000000'],
    ['two spaces between groups', '4242  4242  4242  4242'],
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

  it('stays fast on long digit strings', () => {
    const text = '1 '.repeat(200_000) + '4'.repeat(200_000);
    const started = Date.now();
    expect(containsCardNumber(text)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
