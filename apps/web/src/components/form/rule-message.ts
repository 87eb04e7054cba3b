import type { IntlShape } from 'react-intl';
import { formatCalendarDate } from '../../lib/dates';
import { formatMoney } from '../../lib/formatters';
import type { MessageId } from '../../messages';

/** A shared rule's failure (packages/shared/src/rules) or a server field code: a message id and its values. */
export type RuleFailure = { message: string; values?: Record<string, string | number> };

const DATE_VALUES = new Set(['earliest', 'latest']);

/**
 * A rule's failure in the user's language: values named `…Cents` are money, `earliest` / `latest` are dates. An id
 * this build does not know (a server field code added later) reads as `fallback`.
 */
export function ruleMessage(
  intl: IntlShape,
  { message, values = {} }: RuleFailure,
  fallback: MessageId = 'ui.field.check',
): string {
  const formatted = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (name.endsWith('Cents') && typeof value === 'number') return [name, formatMoney(value, intl.locale)];
      if (DATE_VALUES.has(name) && typeof value === 'string') return [name, formatCalendarDate(intl, value, 'date')];
      return [name, value];
    }),
  );
  const id = (message in intl.messages ? message : fallback) as MessageId;
  return intl.formatMessage({ id }, formatted);
}
