import { type ReactNode, type Ref, useId } from 'react';
import { FIELD_ERROR, HINT } from './form-styles';

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
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
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
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        <span className="text-ink">{label}</span>
      </label>
      {description ? (
        <p id={descriptionId} className={`${HINT} ml-8`}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={`${FIELD_ERROR} ml-8`}>
          {error}
        </p>
      ) : null}
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
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={describedBy || undefined} className={`max-w-xl space-y-2 ${className}`}>
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      {description ? (
        <p id={descriptionId} className={HINT}>
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
