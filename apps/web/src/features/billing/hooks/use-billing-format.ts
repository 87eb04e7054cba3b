import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatCalendarDate } from '../../../lib/dates';
import { statementLineText } from '../../../lib/statement-line';

export type BillingFormat = {
  /** Cents in the user's language with US conventions ($289.47). */
  money: (cents: number) => string;
  /** A billing (calendar) date, e.g. "Oct 14, 2026" / "14 oct 2026". */
  date: (iso: string) => string;
  /** Month and day only, e.g. "Oct 14" / "14 oct" (change reasons). */
  shortDate: (iso: string) => string;
  /** A payment method's display label with its words translated ("Checking 6789" → "Cuenta corriente 6789"). */
  method: (label: string) => string;
  /** A statement line's description: the billing engine's own words (taxes, Auto Pay discount) translated. */
  line: (line: { kind: string; description: string }) => string;
};

/** The payment screens' formats (components/ui use-payment-format.ts) and the billing pages' own. */
export function useBillingFormat(): BillingFormat {
  const intl = useIntl();
  const { money, date, method } = usePaymentFormat();
  return useMemo(
    () => ({
      money,
      date,
      method,
      shortDate: (iso) => formatCalendarDate(intl, iso, 'dayMonth'),
      line: (line) => statementLineText(intl, line),
    }),
    [intl, money, date, method],
  );
}
