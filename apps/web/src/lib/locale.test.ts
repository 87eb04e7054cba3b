import { afterEach, describe, expect, it } from 'vitest';
import {
  applyLocale,
  detectBrowserLocale,
  getCurrentLocale,
  LOCALE_STORAGE_KEY,
  readStoredLocale,
  resolveInitialLocale,
  storeLocale,
} from './locale';

afterEach(() => {
  applyLocale('en');
});

describe('locale choice', () => {
  it('prefers the stored choice over the browser languages', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    expect(resolveInitialLocale({ languages: ['en-US'] })).toBe('es');
  });

  it('falls back to the first supported browser language', () => {
    expect(resolveInitialLocale({ languages: ['fr-FR', 'es-MX', 'en-US'] })).toBe('es');
    expect(resolveInitialLocale({ languages: ['de', 'en-GB'] })).toBe('en');
  });

  it('falls back to English when nothing matches', () => {
    expect(resolveInitialLocale({ languages: ['fr-FR', 'pt-BR'] })).toBe('en');
    expect(detectBrowserLocale([])).toBeNull();
  });

  it('ignores a stored value that is not a supported locale', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'klingon');
    expect(readStoredLocale()).toBeNull();
    expect(resolveInitialLocale({ languages: ['es-US'] })).toBe('es');
  });

  it('works without storage', () => {
    expect(resolveInitialLocale({ storage: null, languages: ['es'] })).toBe('es');
    expect(() => storeLocale('es', null)).not.toThrow();
  });

  it('applies the locale to <html lang> and to API requests', () => {
    applyLocale('es');
    expect(document.documentElement.lang).toBe('es');
    expect(getCurrentLocale()).toBe('es');
  });
});
