import { type ReactNode, useContext } from 'react';
import { I18nProvider } from 'react-aria-components';
import { LocaleContext } from '../../lib/locale-context';

/**
 * react-aria's built-in strings (e.g. the hidden "Dismiss" buttons of a modal) in the portal's language. Each
 * react-aria component is wrapped in it, rather than the whole app: react-aria is in lazy chunks only (dialogs), and
 * its provider would otherwise put part of it in every page's first load.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  const locale = useContext(LocaleContext)?.locale;
  return locale ? <I18nProvider locale={locale}>{children}</I18nProvider> : children;
}
