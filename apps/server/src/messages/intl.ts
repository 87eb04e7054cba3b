import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { bankLabelParts, type Locale } from '@vireo/shared';
import en from './en.json';
import es from './es.json';

/**
 * Server-side text (e-mail, PDF and CSV) in the user's language (architecture.md: i18n). English is the source
 * catalog; typing Spanish as `Record<MessageId, string>` makes a missing Spanish key a compile error as well as a
 * failing test (intl.test.ts).
 */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/** The catalogs as loaded (the catalog test reads them from here, so the JSON is imported in one place). */
export const catalogs: Readonly<Record<Locale, Readonly<Record<MessageId, string>>>> = { en, es };

/** BCP 47 tags for Intl: US English and US Spanish (`$289.47` in both; es-US names months in Spanish). */
export const INTL_LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

const cache = createIntlCache();
const instances = new Map<Locale, IntlShape>();

/** One `IntlShape` per language, created once and reused (formatters are memoised in the shared cache). */
export function intlFor(locale: Locale): IntlShape {
  let intl = instances.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_LOCALE_TAGS[locale], defaultLocale: 'en-US', messages: catalogs[locale] }, cache);
    instances.set(locale, intl);
  }
  return intl;
}

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A typed `formatMessage` for one language: `const t = translator('es'); t('statement.title')`. */
export function translator(locale: Locale): Translate {
  const intl = intlFor(locale);
  return (id, values) => String(intl.formatMessage({ id }, values));
}

/**
 * A payment method's label as payments keep it ("Checking 6789", `paymentMethodLabel`) in this language ("Cuenta
 * corriente 6789"); a card's label is its brand's name and stays as it is.
 */
export function methodLabelIn(t: Translate, label: string): string {
  const bank = bankLabelParts(label);
  if (!bank) return label;
  return t(bank.accountType === 'savings' ? 'methodLabel.savings' : 'methodLabel.checking', {
    lastFour: bank.lastFour,
  });
}
