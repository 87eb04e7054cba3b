import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import type { Locale } from '@vireo/shared';
import type enCatalog from '../../apps/web/src/messages/en.json';

export type MessageId = keyof typeof enCatalog;
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

// The browser's language for each portal language: the app picks Spanish from `es-*` when nothing is stored.
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

function loadCatalog(locale: Locale): Record<MessageId, string> {
  const file = new URL(`../../apps/web/src/messages/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The text the app shows for a message id, so that locators work in both languages. Handles `{name}` placeholders
 * only; a message with plural or select needs a regular expression in the spec instead.
 */
export function translator(locale: Locale): Translate {
  const catalog = loadCatalog(locale);
  return (id, values = {}) => {
    const text = catalog[id].replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
    if (text.includes('{')) throw new Error(`translator: ${id} needs values or has ICU syntax: ${text}`);
    return text;
  };
}

const EXPECTED_HTTP_REFUSAL = /^Failed to load resource: the server responded with a status of (401|403|429)\b/;

type ShellFixtures = {
  /** The portal language a test runs in: `test.use({ appLocale: 'es' })`. Sets the browser's language to match. */
  appLocale: Locale;
  /** Text of a message id in `appLocale`. */
  t: Translate;
  /** Fails the test on an uncaught page error or a console error (CSP violations report there too). */
  failOnConsoleErrors: undefined;
};

export const test = base.extend<ShellFixtures>({
  appLocale: ['en', { option: true }],
  locale: async ({ appLocale }, use) => {
    await use(BROWSER_LOCALE[appLocale]);
  },
  t: async ({ appLocale }, use) => {
    await use(translator(appLocale));
  },
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        // Chromium logs every 4xx response; a refused sign-in (401), a role refusal (403) or the rate limit (429) is
        // an answer the app handles, not an error of the page.
        if (message.type() === 'error' && !EXPECTED_HTTP_REFUSAL.test(message.text())) {
          errors.push(`console error: ${message.text()}`);
        }
      });
      await use(undefined);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
