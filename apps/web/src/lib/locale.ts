import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vireo/shared';

/** The user's explicit choice from the language switch; it wins over the browser's languages. */
export const LOCALE_STORAGE_KEY = 'vireo.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames); the portal still works without it.
    return null;
  }
}

export function readStoredLocale(storage: Storage | null = safeLocalStorage()): Locale | null {
  try {
    const value = storage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale, storage: Storage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Quota or privacy mode: the choice lasts for this page only.
  }
}

/** First browser language we support decides: `es-MX` → `es`, `en-GB` → `en`; others are skipped. */
export function detectBrowserLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function resolveInitialLocale(
  options: { storage?: Storage | null; languages?: readonly string[] } = {},
): Locale {
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  return readStoredLocale(storage) ?? detectBrowserLocale(options.languages ?? browserLanguages()) ?? DEFAULT_LOCALE;
}

let currentLocale: Locale = DEFAULT_LOCALE;

/** The locale the API client announces in `Accept-Language`. */
export function getCurrentLocale(): Locale {
  return currentLocale;
}

/** Makes `locale` current for non-React code and keeps `<html lang>` in sync (WCAG 3.1.1). */
export function applyLocale(locale: Locale): void {
  currentLocale = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
