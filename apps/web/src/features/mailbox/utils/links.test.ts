import { describe, expect, it } from 'vitest';
import { firstLine, isSameOrigin, linkParts } from './links';

describe('linkParts', () => {
  it('makes every http(s) address a link and keeps the words around them', () => {
    expect(linkParts('Confirm: https://portal.example/verify-link?token=a1 then\nsee http://x.example/b.')).toEqual([
      { type: 'text', text: 'Confirm: ' },
      { type: 'link', href: 'https://portal.example/verify-link?token=a1' },
      { type: 'text', text: ' then\nsee ' },
      { type: 'link', href: 'http://x.example/b' },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves a sentence’s punctuation and an unopened parenthesis out of the address', () => {
    expect(linkParts('(see https://a.example/x), or https://a.example/wiki/A_(b)!')).toEqual([
      { type: 'text', text: '(see ' },
      { type: 'link', href: 'https://a.example/x' },
      { type: 'text', text: '), or ' },
      { type: 'link', href: 'https://a.example/wiki/A_(b)' },
      { type: 'text', text: '!' },
    ]);
  });

  it('links nothing else: other schemes, bare domains, text without addresses', () => {
    expect(linkParts('javascript:alert(1) ftp://a.example www.a.example')).toEqual([
      { type: 'text', text: 'javascript:alert(1) ftp://a.example www.a.example' },
    ]);
    expect(linkParts('')).toEqual([]);
  });

  it('joins back into the text it was given', () => {
    const text = 'Amount: $10.37\nhttps://p.example/billing/payment-history\n\nThanks.';
    expect(
      linkParts(text)
        .map((part) => (part.type === 'text' ? part.text : part.href))
        .join(''),
    ).toBe(text);
  });
});

describe('isSameOrigin', () => {
  it('is true for addresses of the page’s origin only', () => {
    expect(isSameOrigin('http://localhost:3100/verify-link?t=1', 'http://localhost:3100')).toBe(true);
    expect(isSameOrigin('http://localhost:3101/verify-link', 'http://localhost:3100')).toBe(false);
    expect(isSameOrigin('https://localhost:3100/', 'http://localhost:3100')).toBe(false);
    expect(isSameOrigin('not an address', 'http://localhost:3100')).toBe(false);
  });
});

describe('firstLine', () => {
  it('is the first line with words', () => {
    expect(firstLine('\n  Vireo: your code is 123456  \nIt expires in 10 minutes.')).toBe('Vireo: your code is 123456');
    expect(firstLine(' \n ')).toBe('');
  });
});
