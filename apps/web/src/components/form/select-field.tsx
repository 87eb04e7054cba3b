import { FieldError, useFieldNotes } from '../ui/field-notes';
import { INPUT, LABEL } from '../ui/form-styles';

type SelectFieldProps = {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked to it; the field is then invalid. */
  error?: string | null;
  inputRef?: (element: HTMLElement | null) => void;
};

/** A labelled select whose error is read with it (form kit, ADR 020). */
export function SelectField({ label, options, value, onChange, error, inputRef }: SelectFieldProps) {
  const { id, errorId, describedBy } = useFieldNotes({ error });
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select
        id={id}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
