import { DEFAULT_LOCALE, type Locale } from '@vireo/shared';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { applyLocale, storeLocale } from '../../lib/locale';
import { LocaleContext, type LocaleContextValue } from '../../lib/locale-context';
import { loadMessages, type Messages } from '../../messages';
import { hasMessageSlices, loadEveryMessage } from '../../messages/slices';

type LocaleProviderProps = {
  initialLocale: Locale;
  initialMessages: Messages;
  children: ReactNode;
};

/** react-intl for our catalogs; react-aria's built-in strings follow the same locale (components/ui/aria-locale.tsx). */
export function LocaleProvider({ initialLocale, initialMessages, children }: LocaleProviderProps) {
  const [state, setState] = useState({ locale: initialLocale, messages: initialMessages });
  // Only the latest switch applies when catalogs arrive out of order.
  const latestRequest = useRef(0);

  const setLocale = useCallback(async (locale: Locale) => {
    const request = ++latestRequest.current;
    const messages = await loadMessages(locale);
    if (request !== latestRequest.current) return;
    storeLocale(locale);
    setState({ locale, messages });
  }, []);

  useLayoutEffect(() => {
    applyLocale(state.locale);
  }, [state.locale]);

  // The production build loads messages in slices (messages/slices.ts). Should a message be missing all the same
  // (an id its scan could not see), every slice of the language loads once (the whole catalog between them) and the
  // page renders again.
  const localeRef = useRef(state.locale);
  localeRef.current = state.locale;
  const recovered = useRef(new Set<Locale>());
  const onError = useCallback((error: { code: string }) => {
    const locale = localeRef.current;
    if (error.code !== 'MISSING_TRANSLATION') {
      // As react-intl's own handler: reported in development only.
      if (import.meta.env.DEV) console.error(error);
      return;
    }
    if (recovered.current.has(locale)) return;
    recovered.current.add(locale);
    void loadEveryMessage(locale).then(
      (messages) => {
        setState((current) => (current.locale === locale ? { locale, messages: { ...messages } } : current));
      },
      () => recovered.current.delete(locale),
    );
  }, []);

  const value = useMemo<LocaleContextValue>(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  return (
    <LocaleContext value={value}>
      <IntlProvider
        locale={state.locale}
        defaultLocale={DEFAULT_LOCALE}
        messages={state.messages}
        onError={hasMessageSlices() ? onError : undefined}
      >
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
