import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';

const catalogs: Record<string, Record<string, string>> = { en, es };

/** Every catalog file, by folder (core, and one per feature) and language: messages/<folder>/<language>.json. */
const files = import.meta.glob<Record<string, string>>('./*/*.json', { eager: true, import: 'default' });
const byFolder = new Map<string, Record<string, Record<string, string>>>();
for (const [path, messages] of Object.entries(files)) {
  const [, folder = '', locale = ''] = /^\.\/([^/]+)\/([a-z]{2})\.json$/.exec(path) ?? [];
  byFolder.set(folder, { ...byFolder.get(folder), [locale]: messages });
}

// Same text in both languages is right only for these: language names (written in their own language) and the
// portal's own name for its jobs in the audit log (wider-portal.md §4).
const SAME_IN_EVERY_LANGUAGE = new Set(['shell.language.en', 'shell.language.es', 'auditLog.actor.system']);

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
  it('have the same keys in English and Spanish, catalog by catalog', () => {
    expect(byFolder.size).toBeGreaterThan(1);
    for (const [folder, { en: english = {}, es: spanish = {} }] of byFolder) {
      const enKeys = Object.keys(english);
      const esKeys = Object.keys(spanish);
      expect(
        esKeys.filter((key) => !enKeys.includes(key)),
        `keys only in ${folder}/es.json`,
      ).toEqual([]);
      expect(
        enKeys.filter((key) => !esKeys.includes(key)),
        `keys only in ${folder}/en.json`,
      ).toEqual([]);
    }
  });

  it('are gathered whole by en.ts and es.ts, each key in one catalog, each area (first part of a key) in one', () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const gathered = [...byFolder.values()].flatMap((pair) => Object.keys(pair[locale] ?? {}));
      expect(new Set(gathered).size, `a key in two ${locale} catalogs`).toBe(gathered.length);
      expect(Object.keys(catalog).sort(), `${locale}.ts gathers every messages/*/${locale}.json`).toEqual(
        gathered.sort(),
      );
    }
    const owner = new Map<string, string>();
    for (const [folder, pair] of byFolder) {
      for (const key of Object.keys(pair.en ?? {})) {
        const area = key.split('.')[0] ?? '';
        expect(owner.get(area) ?? folder, `keys of "${area}." in two catalogs`).toBe(folder);
        owner.set(area, folder);
      }
    }
  });

  it('have no empty messages', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
      expect(
        empty.map(([key]) => key),
        `empty messages in ${locale}`,
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
