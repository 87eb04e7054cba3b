import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDateFormat } from '../../../lib/date-format';
import { localeOf } from '../../../lib/dates';
import type { HistoryFilter } from '../utils/billing-paths';
import { type DateRangeErrors, validateDateRange } from '../utils/date-input';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './styles';

type DateRangeFilterProps = {
  filter: HistoryFilter;
  onApply: (filter: HistoryFilter) => void;
};

const INPUT =
  'mt-1 block min-h-11 w-full rounded-md border border-line-strong bg-surface px-3 text-ink tabular-nums aria-invalid:border-danger-700 aria-invalid:ring-1 aria-invalid:ring-danger-700';

/**
 * The date filter of the history lists: From and To, typed in the language's one date format (`MM/DD/YY`,
 * `DD/MM/AA`, as the payment date: lib/dates.ts), each optional. Checked on Apply: real dates only, From on or before To; errors are translated, tied
 * to their field (aria-describedby, aria-invalid) and the first invalid field takes focus.
 */
export function DateRangeFilter({ filter, onApply }: DateRangeFilterProps) {
  const intl = useIntl();
  const dates = useDateFormat();
  const [fromText, setFromText] = useState(() => dates.toInput(filter.from));
  const [toText, setToText] = useState(() => dates.toInput(filter.to));
  const [errors, setErrors] = useState<DateRangeErrors>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const active = Boolean(filter.from || filter.to);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateDateRange(fromText, toText, localeOf(intl));
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.from ? fromRef : toRef).current?.focus();
      return;
    }
    setErrors({});
    onApply(result.filter);
  };

  const field = (
    name: 'from' | 'to',
    value: string,
    setValue: (value: string) => void,
    ref: RefObject<HTMLInputElement | null>,
  ) => {
    const error = errors[name];
    return (
      <div className="min-w-0 flex-1 narrow:max-w-56">
        <label htmlFor={`${id}-${name}`} className="font-medium text-ink">
          {intl.formatMessage({ id: name === 'from' ? 'billing.filter.from' : 'billing.filter.to' })}
        </label>
        <p id={`${id}-${name}-hint`} className="text-sm text-ink-muted">
          {intl.formatMessage({ id: 'billing.filter.format' })}
        </p>
        <input
          ref={ref}
          id={`${id}-${name}`}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${name}-hint${error ? ` ${id}-${name}-error` : ''}`}
          className={INPUT}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-danger-700">
            {intl.formatMessage({ id: error })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="print:hidden">
      <fieldset className="rounded-lg border border-line bg-surface p-4">
        <legend className="px-1 font-semibold text-navy-900">
          {intl.formatMessage({ id: 'billing.filter.legend' })}
        </legend>
        <div className="flex flex-col gap-4 narrow:flex-row narrow:items-start">
          {field('from', fromText, setFromText, fromRef)}
          {field('to', toText, setToText, toRef)}
          <div className="flex gap-3 narrow:mt-12">
            <button type="submit" className={PRIMARY_BUTTON}>
              {intl.formatMessage({ id: 'billing.filter.apply' })}
            </button>
            {active ? (
              <button
                type="button"
                className={SECONDARY_BUTTON}
                onClick={() => {
                  setFromText('');
                  setToText('');
                  setErrors({});
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
