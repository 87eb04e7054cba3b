import { type ReactNode, useId } from 'react';
import { CHOICE, FIELD_ERROR } from '../ui/form-styles';

export type RadioOption<T extends string> = {
  value: T;
  label: ReactNode;
  /** Shown at the end of the row (e.g. an amount). */
  detail?: ReactNode;
  disabled?: boolean;
};

type RadioGroupProps<T extends string> = {
  legend: ReactNode;
  options: readonly RadioOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Shown under the rows and read with the group; the group is then invalid. */
  error?: string | null;
  /** Focus target when the group is the first field in error: the chosen row, or the first. */
  inputRef?: (element: HTMLElement | null) => void;
  /** Under the rows (e.g. the field of an "other amount" row). */
  children?: ReactNode;
  className?: string;
  legendClassName?: string;
};

/** A fieldset of radio rows named by its legend, with its error read with it (form kit, ADR 020). */
export function RadioGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  inputRef,
  children,
  className = 'max-w-md space-y-2',
  legendClassName = 'mb-2 font-semibold text-ink',
}: RadioGroupProps<T>) {
  const name = useId();
  const errorId = useId();
  const focusValue = options.some((option) => option.value === value) ? value : options[0]?.value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={CHOICE}>
          <input
            ref={option.value === focusValue ? inputRef : undefined}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            className="size-5 accent-brand-700"
          />
          <span className="font-semibold text-ink">{option.label}</span>
          {option.detail ? <span className="ml-auto tabular-nums text-ink">{option.detail}</span> : null}
        </label>
      ))}
      {children}
      {error ? (
        <p id={errorId} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
