import type { Locale } from '@vireo/shared';
import { type ReactNode, useEffect } from 'react';
import { useLocale } from '../lib/locale-context';

/** Switches the UI to `locale` once (the providers of `renderWithProviders` start in English). */
export function InLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { setLocale } = useLocale();
  useEffect(() => {
    if (locale !== 'en') void setLocale(locale);
  }, [locale, setLocale]);
  return children;
}
