import { bankLabelParts, type CardBrand, paymentMethodLabel } from '@vireo/shared';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatCalendarDate } from '../../lib/dates';
import { formatMoney } from '../../lib/formatters';

export type PaymentFormat = {
  /** Cents in the user's language with US conventions ($289.47). */
  money: (cents: number) => string;
  /** A calendar date, e.g. "Nov 21, 2026" / "21 nov 2026". */
  date: (iso: string) => string;
  /** A method's display label with its words translated ("Checking 6789" → "Cuenta corriente 6789"). */
  method: (label: string) => string;
  /** The label of a vault token or saved method from its display data. */
  methodOf: (method: {
    brand: CardBrand | null;
    bankAccountType: 'checking' | 'savings' | null;
    lastFour: string;
  }) => string;
};

export function usePaymentFormat(): PaymentFormat {
  const intl = useIntl();
  return useMemo(() => {
    const money = (cents: number) => formatMoney(cents, intl.locale);
    const date = (iso: string) => formatCalendarDate(intl, iso, 'date');
    const method = (label: string) => {
      const bank = bankLabelParts(label);
      if (!bank) return label; // card brands are names: Visa, Mastercard, Discover, American Express
      const id = bank.accountType === 'savings' ? 'billing.method.savings' : 'billing.method.checking';
      return intl.formatMessage({ id }, { lastFour: bank.lastFour });
    };
    return {
      money,
      date,
      method,
      methodOf: ({ brand, bankAccountType, lastFour }) =>
        method(paymentMethodLabel({ cardBrand: brand, bankAccountType, lastFour })),
    };
  }, [intl]);
}
