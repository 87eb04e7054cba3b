import { Fragment, type ReactNode } from 'react';
import { FieldError, FieldNote, useFieldNotes } from '../ui/field-notes';
import { CHOICE } from '../ui/form-styles';

type RadioOption<T extends string> = {
  value: T;
  label: ReactNode;
  /** Shown at the end of the row (e.g. an amount), as part of its name. */
  detail?: ReactNode;
  /** Notes at the end of the row (e.g. "Default · Expires 04/28"), read as the row's description. */
  description?: string | null;
  disabled?: boolean;
  /** Shown right after the row (e.g. the amount field of an "other amount" row, while it is chosen). */
  after?: ReactNode;
};

type RadioGroupProps<T extends string> = {
  legend: ReactNode;
  /** A note under the legend, read with the group. */
  note?: ReactNode;
  options: readonly RadioOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Shown under the rows and read with the group; the group is then invalid. */
  error?: string | null;
  /** Focus target when the group is the first field in error: the chosen row, or the first that can be chosen. */
  inputRef?: (element: HTMLElement | null) => void;
  className?: string;
  legendClassName?: string;
};

/** A fieldset of radio rows named by its legend, with its note and error read with it (form kit, ADR 020). */
export function RadioGroup<T extends string>({
  legend,
  note,
  options,
  value,
  onChange,
  error,
  inputRef,
  className = 'max-w-md space-y-2',
  legendClassName = 'mb-2 font-semibold text-ink',
}: RadioGroupProps<T>) {
  const { id: name, noteId, errorId, describedBy } = useFieldNotes({ note, error });
  const enabled = options.filter((option) => !option.disabled);
  const focusValue = enabled.some((option) => option.value === value) ? value : enabled[0]?.value;
  return (
    <fieldset aria-describedby={describedBy} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <FieldNote id={noteId} note={note} className="text-sm text-ink-muted" />
      {options.map((option, index) => {
        const labelId = `${name}-${index}-label`;
        const descriptionId = `${name}-${index}-description`;
        return [
          <label key={option.value} className={CHOICE}>
            <input
              ref={option.value === focusValue ? inputRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-labelledby={option.description ? labelId : undefined}
              aria-describedby={option.description ? descriptionId : undefined}
              onChange={() => onChange(option.value)}
              className="size-5 accent-brand-700"
            />
            <span id={labelId} className="font-semibold text-ink">
              {option.label}
            </span>
            {option.detail ? <span className="ml-auto tabular-nums text-ink">{option.detail}</span> : null}
            {option.description ? (
              <span id={descriptionId} className="ml-auto text-right text-sm text-ink-muted">
                {option.description}
              </span>
            ) : null}
          </label>,
          option.after ? <Fragment key={`${option.value}:after`}>{option.after}</Fragment> : null,
        ];
      })}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
