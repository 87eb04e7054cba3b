import { type ReactNode, useId } from 'react';
import { FIELD_ERROR, HINT } from './form-styles';

/**
 * The ids of a field (or a group of fields) and of its note and error, and the `aria-describedby` that reads them with
 * it (WCAG 1.3.1, 3.3.1): one way for every field of the kit.
 */
export function useFieldNotes({ note, error }: { note?: unknown; error?: unknown }) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [note ? noteId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, noteId, errorId, describedBy };
}

/** A field's note (a hint, a description), when it has one. */
export function FieldNote({ id, note, className = HINT }: { id: string; note: ReactNode; className?: string }) {
  return note ? (
    <p id={id} className={className}>
      {note}
    </p>
  ) : null;
}

/** A field's error, when it has one. */
export function FieldError({
  id,
  error,
  className = '',
}: {
  id: string;
  error: string | null | undefined;
  className?: string;
}) {
  return error ? (
    <p id={id} className={`${FIELD_ERROR} ${className}`}>
      {error}
    </p>
  ) : null;
}
