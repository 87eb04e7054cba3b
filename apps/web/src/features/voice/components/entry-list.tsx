import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { FieldError, FieldNote, useFieldNotes } from '../../../components/ui/field-notes';
import { INPUT, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';

type EntryListProps = {
  legend: string;
  note?: string;
  /** The entries as typed. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** At most this many: Add is not offered beyond it. */
  max: number;
  /** Each entry's accessible name, "Number 2". */
  itemLabel: (position: number) => string;
  addLabel: string;
  /** `number`: a phone number as typed; `date`: a calendar day; `prefix`: digits. */
  kind: 'number' | 'date' | 'prefix';
  /** The list's own error, and each entry's by its index (the server's paths `<list>` and `<list>.<index>`). */
  error?: MessageId;
  itemErrors?: Partial<Record<number, MessageId>>;
};

/**
 * A list of numbers, prefixes or days that a person adds to and removes from (simultaneous ring, holidays, Call
 * Guard's lists; wider-portal.md §6): one labelled field per entry, each with its own error, by keyboard. Removing an
 * entry moves focus to the next field (or Add), never to the page's start.
 */
export function EntryList(props: EntryListProps) {
  const { legend, note, values, onChange, max, itemLabel, addLabel, kind, error, itemErrors = {} } = props;
  const intl = useIntl();
  const list = useRef<HTMLFieldSetElement>(null);
  const { noteId, errorId, describedBy } = useFieldNotes({ note, error: error && intl.formatMessage({ id: error }) });
  const focusAt = (index: number) =>
    requestAnimationFrame(() => {
      const inputs = list.current?.querySelectorAll('input');
      (inputs?.[index] ?? list.current?.querySelector<HTMLElement>('[data-add]'))?.focus();
    });
  const inputProps =
    kind === 'date'
      ? { type: 'date' }
      : { type: 'text', inputMode: kind === 'prefix' ? ('numeric' as const) : ('tel' as const), autoComplete: 'off' };

  return (
    <fieldset ref={list} aria-describedby={describedBy} className="max-w-xl">
      <legend className="font-semibold text-ink">{legend}</legend>
      <FieldNote id={noteId} note={note} />
      <ul className="mt-2 flex flex-col gap-2">
        {values.map((value, index) => (
          // entries have no identity but their place; the list is short and edited in place
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <EntryField key={index} label={itemLabel(index + 1)} error={itemErrors[index]}>
            {(fieldProps) => (
              <div className="flex gap-2">
                <input
                  {...inputProps}
                  {...fieldProps}
                  value={value}
                  onChange={(event) => onChange(values.map((each, at) => (at === index ? event.target.value : each)))}
                  className={INPUT}
                />
                <button
                  type="button"
                  className={`${SECONDARY_BUTTON} shrink-0`}
                  aria-label={intl.formatMessage({ id: 'voice.list.remove' }, { item: itemLabel(index + 1) })}
                  onClick={() => {
                    onChange(values.filter((_, at) => at !== index));
                    focusAt(index);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            )}
          </EntryField>
        ))}
      </ul>
      {values.length < max ? (
        <button
          type="button"
          data-add=""
          className={`${SECONDARY_BUTTON} mt-2 inline-flex items-center gap-2`}
          onClick={() => {
            onChange([...values, '']);
            focusAt(values.length);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </button>
      ) : null}
      <FieldError id={errorId} error={error && intl.formatMessage({ id: error })} />
    </fieldset>
  );
}

type FieldProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** One labelled entry with its error read with it. */
function EntryField({
  label,
  error,
  children,
}: {
  label: string;
  error: MessageId | undefined;
  children: (props: FieldProps) => React.ReactNode;
}) {
  const intl = useIntl();
  const text = error && intl.formatMessage({ id: error });
  const { id, errorId, describedBy } = useFieldNotes({ error: text });
  return (
    <li>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children({ id, 'aria-invalid': text ? true : undefined, 'aria-describedby': describedBy })}
      <FieldError id={errorId} error={text} />
    </li>
  );
}
