import { describe, expect, it } from 'vitest';
import { findCardDataLeaks } from './leak-scan';

describe('the card-data leak scan finds what it must', () => {
  it.each([
    ['a card number', '{"pan":"4242424242424242"}', 'card number (visa)'],
    ['a spaced card number', 'card 4000 0000 0000 0002 declined', 'card number (declined)'],
    ['a dashed American Express number', '3782-822463-10005', 'card number (amex)'],
    ['a bank account number', 'acct=000123456789;', 'bank account number (approved)'],
    ['a security code in JSON', '{"securityCode":"123"}', 'security code'],
    ['a security code in a log line', 'cvv=1234 ', 'security code'],
    // issue 14 item 6: a card number typed as a name, a nickname or a note is found wherever it lands
    ['a card number typed as a name', '{"holder_name":"6011 1111 1111 1117"}', 'card number (discover)'],
    ['a card number inside a name', 'nameOnCard=Harbor 6011-1111-1111-1117 Co', 'card number (discover)'],
  ])('%s', (_name, text, what) => {
    expect(findCardDataLeaks(text, 'sample').map((leak) => leak.what)).toContain(what);
  });

  it.each([
    ['last four and a token', '{"lastFour":"4242","token":"tok_abc"}'],
    ['a longer run of digits', '142424242424242421'],
    ['an encrypted secret', 'v1.k1.AAAA.bbbb.cccc'],
    ['a routing number alone', '110000000'],
  ])('not %s', (_name, text) => {
    expect(findCardDataLeaks(text, 'sample')).toEqual([]);
  });
});
