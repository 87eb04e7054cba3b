import type { IntlShape } from '@formatjs/intl';
import { LOCALES } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { catalogs, INTL_LOCALE_TAGS, intlFor, methodLabelIn, translator } from './intl';

const en: Record<string, string> = catalogs.en;
const es: Record<string, string> = catalogs.es;

// Same text in both languages is right only for names: the portal's own, for its jobs in the audit log (wider-portal.md §4).
const SAME_IN_EVERY_LANGUAGE = new Set<string>(['audit.actor.system']);

type Ast = ReturnType<ReturnType<IntlShape['formatters']['getMessageFormat']>['getAst']>;

/** Argument names (and tag names) a message uses, through selects and plurals. */
function placeholders(elements: Ast, into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('children' in element) {
      into.add(`<${element.value}>`);
      placeholders(element.children, into);
    } else if ('value' in element && element.type !== 0) into.add(element.value);
    if ('options' in element) {
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
  }
  return into;
}

function placeholdersOf(locale: 'en' | 'es', text: string): string[] {
  const intl = intlFor(locale);
  return [...placeholders(intl.formatters.getMessageFormat(text, intl.locale).getAst())].sort();
}

describe('server message catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    const enKeys = Object.keys(en).sort();
    const esKeys = Object.keys(es).sort();
    expect(
      esKeys.filter((key) => !enKeys.includes(key)),
      'keys only in es.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !esKeys.includes(key)),
      'keys only in en.json',
    ).toEqual([]);
  });

  it('have no empty messages', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = Object.entries(messages).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(
        empty.map(([key]) => key),
        `empty messages in ${locale}.json`,
      ).toEqual([]);
    }
  });

  it('are valid ICU MessageFormat with the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const spanish = es[key] ?? '';
      expect(placeholdersOf('es', spanish), `placeholders of ${key}`).toEqual(placeholdersOf('en', text));
    }
  });

  it('translate every message (no English left in the Spanish catalog)', () => {
    const untranslated = Object.entries(en)
      .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && es[key] === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('use flat dotted keys', () => {
    for (const key of Object.keys(en)) expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-zA-Z0-9]+)+$/);
  });
});

describe('intlFor', () => {
  it('creates one instance per language and reuses it', () => {
    for (const locale of LOCALES) {
      expect(intlFor(locale)).toBe(intlFor(locale));
      expect(intlFor(locale).locale).toBe(INTL_LOCALE_TAGS[locale]);
    }
    expect(intlFor('en')).not.toBe(intlFor('es'));
  });

  it('formats messages with arguments and selects in each language', () => {
    expect(translator('en')('statement.page', { page: 1, pages: 2 })).toBe('Page 1 of 2');
    expect(translator('es')('statement.page', { page: 1, pages: 2 })).toBe('Página 1 de 2');
    expect(translator('es')('statement.summary.totalDue')).toBe('Total a pagar');
    expect(translator('en')('statement.reason.promotionEnded', { hasDate: 'no', date: '' })).toBe('Promotion ended');
    expect(translator('es')('statement.reason.promotionEnded', { hasDate: 'yes', date: '14 de febrero de 2025' })).toBe(
      'La promoción terminó el 14 de febrero de 2025',
    );
  });
});

describe('methodLabelIn', () => {
  it("says a kept bank account label in the reader's language and leaves a card's brand as it is", () => {
    expect(methodLabelIn(translator('en'), 'Checking 6789')).toBe('Checking 6789');
    expect(methodLabelIn(translator('es'), 'Checking 6789')).toBe('Cuenta corriente 6789');
    expect(methodLabelIn(translator('es'), 'Savings 1116')).toBe('Cuenta de ahorros 1116');
    expect(methodLabelIn(translator('es'), 'Visa 4242')).toBe('Visa 4242');
    expect(methodLabelIn(translator('es'), 'Checking account 6789')).toBe('Checking account 6789');
  });
});
