import { useIntl } from 'react-intl';
import { DateField } from '../../../components/form/date-field';
import { useForm } from '../../../components/form/use-form';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { useDateFormat } from '../../../lib/date-format';
import { type DateRangeText, dateRangeRules, validateDateRange } from '../../../lib/date-range';
import { localeOf } from '../../../lib/dates';
import type { HistoryFilter } from '../utils/billing-paths';
import { HISTORY_RANGE_MESSAGES } from '../utils/date-input';

type DateRangeFilterProps = {
  filter: HistoryFilter;
  onApply: (filter: HistoryFilter) => void;
};

/**
 * The date filter of the history lists: From and To, typed in the language's one date format (`MM/DD/YY`,
 * `DD/MM/AA`, as the payment date: lib/dates.ts), each optional. Checked on Apply (the form kit, ADR 020): real dates
 * only, From on or before To; errors are translated, tied to their field and the first invalid field takes focus.
 */
export function DateRangeFilter({ filter, onApply }: DateRangeFilterProps) {
  const intl = useIntl();
  const dates = useDateFormat();
  const locale = localeOf(intl);
  const form = useForm<DateRangeText>({
    initial: () => ({ from: dates.toInput(filter.from), to: dates.toInput(filter.to) }),
    rules: dateRangeRules(locale, HISTORY_RANGE_MESSAGES),
  });
  const active = Boolean(filter.from || filter.to);

  const field = (name: keyof DateRangeText) => (
    <DateField
      form={form}
      name={name}
      label={intl.formatMessage({ id: name === 'from' ? 'billing.filter.from' : 'billing.filter.to' })}
      className="min-w-0 flex-1 narrow:max-w-56"
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit((values) => {
          const result = validateDateRange(values.from, values.to, locale, HISTORY_RANGE_MESSAGES);
          if (result.ok) onApply({ from: result.from, to: result.to });
        });
      }}
      className="print:hidden"
    >
      <fieldset className="rounded-lg border border-line bg-surface p-4">
        <legend className="px-1 font-semibold text-navy-900">
          {intl.formatMessage({ id: 'billing.filter.legend' })}
        </legend>
        <div className="flex flex-col gap-4 narrow:flex-row narrow:items-start">
          {field('from')}
          {field('to')}
          <div className="flex gap-3 narrow:mt-12">
            <button type="submit" className={PRIMARY_BUTTON}>
              {intl.formatMessage({ id: 'billing.filter.apply' })}
            </button>
            {active ? (
              <button
                type="button"
                className={SECONDARY_BUTTON}
                onClick={() => {
                  form.reset({ from: '', to: '' });
                  onApply({});
                }}
              >
                {intl.formatMessage({ id: 'billing.filter.clear' })}
              </button>
            ) : null}
          </div>
        </div>
      </fieldset>
    </form>
  );
}
