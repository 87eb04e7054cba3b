import type { Locale } from '@vireo/shared';
import { createContext, useContext } from 'react';

export type LocaleContextValue = {
  locale: Locale;
  /** Loads the catalog, switches the UI and remembers the choice. */
  setLocale: (locale: Locale) => Promise<void>;
};

export const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <LocaleProvider>');
  return value;
}
