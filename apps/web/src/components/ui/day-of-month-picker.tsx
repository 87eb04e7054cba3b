import { type Ref } from 'react';
import { FieldError, useFieldNotes } from './field-notes';
import { HINT } from './form-styles';

export type DayOption = {
  day: number;
  /** False: the day cannot be chosen; `blockedReason` says why. */
  allowed: boolean;
  /** True: some months lack the day; `shortMonthNote` says what happens then. */
  movesToFirst: boolean;
};

type DayOfMonthPickerProps = {
  legend: string;
  days: readonly DayOption[];
  value: number | null;
  onChange: (day: number) => void;
  /** Why the disabled days cannot be chosen; read with each of them. */
  blockedReason: string;
  /** What happens in a month without the day; read with each day that moves. */
  shortMonthNote: string;
  error?: string | null;
  /** The first radio, to focus when there is an error. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A day of the month (1-31) as a radio group laid out like a calendar page: arrow keys move between the days that
 * can be chosen (native radio behaviour), disabled days say why, and days missing from some months say what happens.
 */
export function DayOfMonthPicker({
  legend,
  days,
  value,
  onChange,
  blockedReason,
  shortMonthNote,
  error,
  inputRef,
}: DayOfMonthPickerProps) {
  const { id, errorId, describedBy: groupDescribedBy } = useFieldNotes({ error });
  const blockedId = `${id}-blocked`;
  const shortId = `${id}-short`;
  const hasBlocked = days.some((day) => !day.allowed);
  const hasShort = days.some((day) => day.allowed && day.movesToFirst);
  const firstEnabled = days.find((day) => day.allowed)?.day;
  return (
    <fieldset aria-describedby={groupDescribedBy} className="max-w-md">
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-7 gap-1">
        {days.map((option) => {
          const describedBy = [
            option.allowed ? null : blockedId,
            option.allowed && option.movesToFirst ? shortId : null,
          ].filter(Boolean);
          return (
            <label
              key={option.day}
              className={`flex min-h-11 items-center justify-center rounded-md border text-center tabular-nums has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus ${
                option.allowed
                  ? 'cursor-pointer border-line hover:bg-brand-50 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:font-semibold has-checked:text-surface'
                  : 'cursor-not-allowed border-line bg-surface-muted text-ink-muted line-through'
              }`}
            >
              <input
                ref={option.day === firstEnabled ? inputRef : undefined}
                type="radio"
                name={id}
                value={option.day}
                checked={value === option.day}
                disabled={!option.allowed}
                aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                onChange={() => onChange(option.day)}
                className="sr-only"
              />
              <span>
                {option.day}
                {option.allowed && option.movesToFirst ? <span aria-hidden="true">*</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {hasBlocked ? (
        <p id={blockedId} className={HINT}>
          {blockedReason}
        </p>
      ) : null}
      {hasShort ? (
        <p id={shortId} className={HINT}>
          <span aria-hidden="true">* </span>
          {shortMonthNote}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
