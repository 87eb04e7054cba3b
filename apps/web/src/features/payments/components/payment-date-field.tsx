import type { IsoDate } from '@vireo/shared';
import { type Ref, useState } from 'react';
import { useIntl } from 'react-intl';
import { DatePickerDialog } from '../../../components/ui/date-picker-dialog';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/date-format';

type PaymentDateFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint: string;
  min: IsoDate;
  max: IsoDate;
  isDateUnavailable?: (date: IsoDate) => boolean;
  /** Why some dates cannot be chosen, shown in the calendar. */
  pickerDescription?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * spec §5: a date text field in the language's typed format (`MM/DD/YY`, `DD/MM/AA`: lib/dates.ts), and a calendar
 * button for those who prefer to pick the day.
 */
export function PaymentDateField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  isDateUnavailable,
  pickerDescription,
  inputRef,
}: PaymentDateFieldProps) {
  const intl = useIntl();
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        className="min-w-48 flex-1"
        label={label}
        hint={hint}
        value={value}
        onChange={onChange}
        error={error}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
      />
      <button type="button" className={`${SECONDARY_BUTTON} mb-0.5`} onClick={() => setOpen(true)}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        {intl.formatMessage({ id: 'payments.date.calendar' })}
      </button>
      {open ? (
        <DatePickerDialog
          isOpen
          title={intl.formatMessage({ id: 'payments.date.calendarTitle' })}
          value={dates.parseInput(value)}
          min={min}
          max={max}
          isDateUnavailable={isDateUnavailable}
          description={pickerDescription}
          onSelect={(date) => {
            onChange(dates.toInput(date));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
