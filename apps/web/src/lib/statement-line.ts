import type { IntlShape } from 'react-intl';

/**
 * A statement line's description as the reader reads it: the billing engine's own words (taxes, the Auto Pay
 * discount) translated; plan, equipment and installation names are product names and stay as billed. The statement
 * pages and the change-of-service preview (the same engine's lines) say them the same way.
 */
export function statementLineText(intl: IntlShape, { kind, description }: { kind: string; description: string }) {
  if (kind === 'auto_pay_discount') return intl.formatMessage({ id: 'billing.line.autoPayDiscount' });
  if (kind === 'taxes_fees' && description === 'Taxes') return intl.formatMessage({ id: 'billing.line.taxes' });
  return description;
}
