import { readdirSync, readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import type { Locale } from '@vireo/shared';
import { securityHeaderViolations } from '../../apps/server/test/security-headers';
import type enCatalog from '../../apps/web/src/messages/en';

export type MessageId = keyof typeof enCatalog;
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

// The browser's language for each portal language: the app picks Spanish from `es-*` when nothing is stored.
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** A language's catalog: the core one and each feature's (apps/web/src/messages/<catalog>/<language>.json). */
function loadCatalog(locale: Locale): Record<MessageId, string> {
  const folder = new URL('../../apps/web/src/messages/', import.meta.url);
  const catalogs = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return Object.assign(
    {},
    ...catalogs.map((catalog) => JSON.parse(readFileSync(new URL(`${catalog.name}/${locale}.json`, folder), 'utf8'))),
  );
}

/** The index of the `}` that closes the `{` at `open`. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`translator: unbalanced braces in ${text}`);
}

/** The `key {text}` cases of a plural or selectordinal argument. */
function icuCases(body: string): Map<string, string> {
  const cases = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const key = /^\s*(=?[\w]+)\s*\{/.exec(body.slice(i));
    if (!key) break;
    const open = i + key[0].length - 1;
    const close = closingBrace(body, open);
    cases.set(key[1] as string, body.slice(open + 1, close));
    i = close + 1;
  }
  return cases;
}

/**
 * ICU message formatting for what the catalogs use: `{name}`, `{name, number}`, `{name, select, …}`, and
 * `{name, plural, …}` / `{name, selectordinal, …}` with `=N` and the language's plural categories (`#` is the number).
 */
function formatMessage(text: string, values: Record<string, string | number>, locale: Locale, id: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, open);
    const close = closingBrace(text, open);
    const inner = text.slice(open + 1, close);
    const [, name = '', type, rest = ''] = /^\s*(\w+)\s*(?:,\s*(\w+)\s*(?:,([\s\S]*))?)?$/.exec(inner) ?? [];
    if (!(name in values)) throw new Error(`translator: ${id} needs a value for {${name}}: ${text}`);
    const value = values[name] as string | number;
    if (type === undefined) out += String(value);
    else if (type === 'number') out += new Intl.NumberFormat(locale).format(Number(value));
    else if (type === 'plural' || type === 'selectordinal') {
      const number = Number(value);
      const cases = icuCases(rest);
      const category = new Intl.PluralRules(locale, {
        type: type === 'selectordinal' ? 'ordinal' : 'cardinal',
      }).select(number);
      const chosen = cases.get(`=${number}`) ?? cases.get(category) ?? cases.get('other');
      if (chosen === undefined) throw new Error(`translator: ${id} has no case for ${number}: ${text}`);
      out += formatMessage(chosen.replaceAll('#', new Intl.NumberFormat(locale).format(number)), values, locale, id);
    } else if (type === 'select') {
      const chosen = icuCases(rest).get(String(value)) ?? icuCases(rest).get('other');
      if (chosen === undefined) throw new Error(`translator: ${id} has no case for ${value}: ${text}`);
      out += formatMessage(chosen, values, locale, id);
    } else throw new Error(`translator: ${id} uses {${name}, ${type}}, which this helper does not format: ${text}`);
    i = close + 1;
  }
  return out;
}

/**
 * The text the app shows for a message id, so that locators work in both languages. Handles `{name}` placeholders,
 * `{name, number}`, `select`, and `plural` / `selectordinal` arguments (the language's plural rules, as react-intl applies them).
 */
export function translator(locale: Locale): Translate {
  const catalog = loadCatalog(locale);
  return (id, values = {}) => formatMessage(catalog[id], values, locale, id);
}

// Chromium logs every 4xx response; a refused sign-in (401), a role refusal (403) or the rate limit (429) is an answer
// the app handles, not an error of the page. A test whose flow expects another refusal opts in: `allowedHttpErrors`.
const EXPECTED_HTTP_REFUSALS = [401, 403, 429];

function httpRefusal(statuses: readonly number[]): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`);
}

type ShellFixtures = {
  /** The portal language a test runs in: `test.use({ appLocale: 'es' })`. Sets the browser's language to match. */
  appLocale: Locale;
  /** Text of a message id in `appLocale`. */
  t: Translate;
  /**
   * HTTP statuses, besides 401, 403 and 429, that this test's flow expects the app to receive and handle (Chromium
   * logs "Failed to load resource" for them), e.g. `test.use({ allowedHttpErrors: [422] })` for a refusal of the card
   * vault. Every other console error still fails the test.
   */
  allowedHttpErrors: number[];
  /** Fails the test on an uncaught page error or a console error (CSP violations report there too). */
  failOnConsoleErrors: undefined;
  /** Fails the test when a response of the portal lacks the headers or cookie flags of quality-bars.md. */
  checkSecurityHeaders: undefined;
};

export const test = base.extend<ShellFixtures>({
  appLocale: ['en', { option: true }],
  locale: async ({ appLocale }, use) => {
    await use(BROWSER_LOCALE[appLocale]);
  },
  t: async ({ appLocale }, use) => {
    await use(translator(appLocale));
  },
  allowedHttpErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedHttpErrors }, use) => {
      const expectedRefusal = httpRefusal([...EXPECTED_HTTP_REFUSALS, ...allowedHttpErrors]);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !expectedRefusal.test(message.text())) {
          errors.push(`console error: ${message.text()}`);
        }
      });
      await use(undefined);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
  checkSecurityHeaders: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? '').origin;
      const checks: Promise<string[]>[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).origin !== origin) return;
        checks.push(
          response.headersArray().then(
            (pairs) => {
              const headers = new Map<string, string[]>();
              for (const { name, value } of pairs) {
                headers.set(name.toLowerCase(), [...(headers.get(name.toLowerCase()) ?? []), value]);
              }
              const flat = Object.fromEntries(
                [...headers].map(([name, values]) => [name, name === 'set-cookie' ? values : values.join(', ')]),
              );
              // Chromium leaves Strict-Transport-Security out of what it reports for some answers of a plain-HTTP origin
              // (where browsers ignore it anyway); the server suites check HSTS on every answer
              const https = origin.startsWith('https:');
              const wrong = securityHeaderViolations(flat, { url: response.url(), https, hsts: https });
              return wrong.map(
                (what) => `${response.request().method()} ${response.url()} ${response.status()}: ${what}`,
              );
            },
            () => [], // the page navigated away before the headers were read
          ),
        );
      });
      await use(undefined);
      const wrong = (await Promise.all(checks)).flat();
      expect(wrong, 'responses without the security headers').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
