import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { FieldError, FieldNote, useFieldNotes } from './field-notes';
import { INPUT, LABEL } from './form-styles';

/**
 * A secret typed once (a new password, a Wi-Fi passphrase): its label, hint and error read with it like `TextField`,
 * and a show/hide switch beside it instead of a second copy to type. `children` go under it (a strength meter), read
 * with it too through `describedBy`.
 */
export function RevealableField({
  label,
  hint,
  showLabel,
  value,
  onChange,
  error,
  inputRef,
  describedBy: more,
  children,
}: {
  label: string;
  hint: string;
  /** The switch's words ("Show password"); pressed while the text shows. */
  showLabel: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** The id of what `children` render, read with the field. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const { id, noteId, errorId, describedBy } = useFieldNotes({ note: hint, error });
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <FieldNote id={noteId} note={hint} />
      <div className="flex max-w-sm items-stretch gap-2">
        <input
          ref={inputRef}
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, more].filter(Boolean).join(' ') || undefined}
          className={`${INPUT} flex-1`}
        />
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => setShown((current) => !current)}
          className="mt-1 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-line-strong bg-surface px-3 text-sm font-semibold text-ink hover:bg-surface-muted"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {showLabel}
        </button>
      </div>
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
