import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChoiceGroup } from '../../../components/ui/checkbox-field';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';

type EntryListProps = {
  legend: string;
  note?: string;
  /** The entries as typed. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** At most this many: Add is not offered beyond it. */
  max: number;
  /** Each entry's label, "Number 2". */
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
 * Guard's lists; wider-portal.md §6): one labelled field per entry, each with its own error, by keyboard. Adding an
 * entry focuses its field; removing one moves focus to the next field (or Add), never to the page's start.
 */
export function EntryList(props: EntryListProps) {
  const { legend, note, values, onChange, max, itemLabel, addLabel, kind, error, itemErrors = {} } = props;
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);
  const text = (id: MessageId | undefined) => (id ? intl.formatMessage({ id }) : undefined);
  // after an entry is added or removed: the field at this place (or Add), once the list shows the change
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    const inputs = list.current?.querySelectorAll('input');
    (inputs?.[focusAt] ?? list.current?.querySelector<HTMLElement>('[data-add]'))?.focus();
    setFocusAt(null);
  }, [focusAt]);
  const inputProps =
    kind === 'date'
      ? { type: 'date' }
      : { type: 'text', inputMode: kind === 'prefix' ? ('numeric' as const) : ('tel' as const), autoComplete: 'off' };

  return (
    <div ref={list}>
      <ChoiceGroup legend={legend} description={note} error={text(error)}>
        <ul className="flex flex-col gap-3">
          {values.map((value, index) => (
            // entries have no identity but their place; the list is short and edited in place
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-start gap-2">
              <TextField
                {...inputProps}
                label={itemLabel(index + 1)}
                value={value}
                onChange={(next) => onChange(values.map((each, at) => (at === index ? next : each)))}
                error={text(itemErrors[index])}
                className="min-w-0 flex-1"
              />
              <button
                type="button"
                className={`${SECONDARY_BUTTON} mt-7 shrink-0`}
                aria-label={intl.formatMessage({ id: 'voice.list.remove' }, { item: itemLabel(index + 1) })}
                onClick={() => {
                  onChange(values.filter((_, at) => at !== index));
                  setFocusAt(index);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        {values.length < max ? (
          <button
            type="button"
            data-add=""
            className={`${SECONDARY_BUTTON} inline-flex items-center gap-2`}
            onClick={() => {
              onChange([...values, '']);
              setFocusAt(values.length);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </button>
        ) : null}
      </ChoiceGroup>
    </div>
  );
}
