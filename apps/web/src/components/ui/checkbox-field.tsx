import { type ReactNode, type Ref } from 'react';
import { FieldError, FieldNote, useFieldNotes } from './field-notes';
import { HINT } from './form-styles';

type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown under the box and linked to it; the box is then invalid. */
  error?: string | null;
  /** A note read with the box (e.g. why it is disabled). */
  description?: string | null;
  disabled?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled checkbox whose note and error are read with it (aria-describedby). */
export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  description,
  disabled = false,
  required = false,
  inputRef,
}: CheckboxFieldProps) {
  const { noteId, errorId, describedBy } = useFieldNotes({ note: description, error });
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3 has-disabled:cursor-not-allowed">
        <input
          ref={inputRef}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        <span className="text-ink">{label}</span>
      </label>
      <FieldNote id={noteId} note={description} className={`${HINT} ml-8`} />
      <FieldError id={errorId} error={error} className="ml-8" />
    </div>
  );
}

type ChoiceGroupProps = {
  legend: string;
  /** A group-level error (e.g. nothing chosen), linked to the group. */
  error?: string | null;
  /** A note about the whole group, linked to it. */
  description?: string | null;
  children: ReactNode;
  className?: string;
};

/** A fieldset of checkboxes or radios whose legend names the group and whose error is read with it. */
export function ChoiceGroup({ legend, error, description, children, className = '' }: ChoiceGroupProps) {
  const { noteId, errorId, describedBy } = useFieldNotes({ note: description, error });
  return (
    <fieldset aria-describedby={describedBy} className={`max-w-xl space-y-2 ${className}`}>
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      <FieldNote id={noteId} note={description} />
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
