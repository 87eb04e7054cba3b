import { type InputHTMLAttributes, type Ref } from 'react';
import { FieldError, FieldNote, useFieldNotes } from './field-notes';
import { INPUT, LABEL } from './form-styles';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked to it; the field is then invalid. */
  error?: string | null;
  /** A format or help text, linked to the field (not part of its name). */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled text field whose hint and error are read with it (aria-describedby). */
export function TextField({ label, value, onChange, error, hint, inputRef, className = '', ...rest }: TextFieldProps) {
  const { id, noteId, errorId, describedBy } = useFieldNotes({ note: hint, error });
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <FieldNote id={noteId} note={hint} />
      <input
        {...rest}
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Focuses the first field that has an error (the order of `fields`), so a keyboard user lands on it. */
export function focusFirstError(
  errors: Record<string, string | null | undefined>,
  fields: { name: string; ref: { current: HTMLElement | null } }[],
): void {
  for (const field of fields) {
    if (errors[field.name]) {
      field.ref.current?.focus();
      return;
    }
  }
}
