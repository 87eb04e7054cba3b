import { DEFAULT_LOCALE, type Locale } from '@vireo/shared';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider } from 'react-intl';
import { applyLocale, storeLocale } from '../../lib/locale';
import { loadMessages, type Messages } from '../../messages';
import { LocaleContext, type LocaleContextValue } from './locale-context';

type LocaleProviderProps = {
  initialLocale: Locale;
  initialMessages: Messages;
  children: ReactNode;
};

/** react-intl for our catalogs and react-aria's I18nProvider for its built-in strings, both on one locale. */
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

  const value = useMemo<LocaleContextValue>(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  return (
    <LocaleContext value={value}>
      <IntlProvider locale={state.locale} defaultLocale={DEFAULT_LOCALE} messages={state.messages}>
        <I18nProvider locale={state.locale}>{children}</I18nProvider>
      </IntlProvider>
    </LocaleContext>
  );
}
