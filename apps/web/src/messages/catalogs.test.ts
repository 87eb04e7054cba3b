import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

const catalogs: Record<string, Record<string, string>> = { en, es };

// Same text in both languages is right only for these (language names are written in their own language).
const SAME_IN_EVERY_LANGUAGE = new Set(['shell.language.en', 'shell.language.es']);

// ICU element types (@formatjs/icu-messageformat-parser TYPE): 0 literal, 7 `#`, 8 tag; the others are arguments.
type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

function collectArguments(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== 0 && element.type !== 7 && element.type !== 8 && typeof element.value === 'string') {
      into.add(element.value);
    }
    if (element.type === 8 && typeof element.value === 'string') into.add(`<${element.value}>`);
    for (const option of Object.values(element.options ?? {})) collectArguments(option.value, into);
    if (element.children) collectArguments(element.children, into);
  }
  return into;
}

function argumentsOf(locale: string, text: string): string[] {
  const intl = createIntl({ locale, messages: en });
  const ast = intl.formatters.getMessageFormat(text, locale).getAst() as MessageFormatElement[] as Element[];
  return [...collectArguments(ast)].sort();
}

describe('message catalogs', () => {
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
      const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
      expect(
        empty.map(([key]) => key),
        `empty messages in ${locale}.json`,
      ).toEqual([]);
    }
  });

  it('are valid ICU MessageFormat with the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const spanish = (es as Record<string, string>)[key] ?? '';
      expect(argumentsOf('es', spanish), `placeholders of ${key}`).toEqual(argumentsOf('en', text));
    }
  });

  it('translate every message (no English left in the Spanish catalog)', () => {
    const untranslated = Object.entries(en)
      .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && (es as Record<string, string>)[key] === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('use flat dotted keys', () => {
    for (const key of Object.keys(en)) expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-zA-Z0-9]+)+$/);
  });
});
