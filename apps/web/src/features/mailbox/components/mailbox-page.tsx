import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { EmailList, TextList } from './mailbox-lists';

const TABS = ['emails', 'texts'] as const;
type Tab = (typeof TABS)[number];

const TAB_NAMES: Record<Tab, MessageId> = { emails: 'mailbox.tab.emails', texts: 'mailbox.tab.texts' };

// The tabs of the mobile transactions page (features/mobile), the app's one tab pattern, in the same classes.
const TAB =
  'inline-flex min-h-11 cursor-pointer items-center border-b-4 border-transparent px-4 font-semibold text-ink outline-none hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus aria-selected:border-brand-700 aria-selected:text-brand-900';

/** The tab an arrow key, Home or End moves to (WAI-ARIA tabs: the arrows wrap around), or null for other keys. */
function tabAfterKey(key: string, current: Tab): Tab | null {
  const index = TABS.indexOf(current);
  const target =
    key === 'ArrowRight'
      ? TABS[(index + 1) % TABS.length]
      : key === 'ArrowLeft'
        ? TABS[(index - 1 + TABS.length) % TABS.length]
        : key === 'Home'
          ? TABS[0]
          : key === 'End'
            ? TABS[TABS.length - 1]
            : undefined;
  return target ?? null;
}

/** The recipient filter: applied on Filter (or Enter), so a list is not asked for at every key. */
function RecipientFilter({ to, onApply }: { to: string | undefined; onApply: (to: string | undefined) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(to ?? '');
  const field = useRef<HTMLInputElement>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim() || undefined);
      }}
      className="mt-6 flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 narrow:flex-row narrow:items-end"
    >
      <TextField
        label={intl.formatMessage({ id: 'mailbox.field.to' })}
        hint={intl.formatMessage({ id: 'mailbox.filter.hint' })}
        value={text}
        onChange={setText}
        inputRef={field}
        name="to"
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={254}
        className="min-w-0 narrow:max-w-sm narrow:flex-1"
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'mailbox.filter.apply' })}
        </button>
        {to ? (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => {
              setText('');
              onApply(undefined);
              // the button goes away with the filter: focus stays in the form
              field.current?.focus();
            }}
          >
            {intl.formatMessage({ id: 'mailbox.filter.clear' })}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * `/dev/mailbox` (wider-portal.md §2, issue 17 item 1; outside production only: its route's `nonProduction` guard):
 * every e-mail and text message the portal queued, newest first, for demos and browser tests. Two ARIA tabs (arrow
 * keys, Home and End move between them and select; only the selected tab is in the tab order), a recipient filter
 * that applies to both, and in each tab a list of disclosures whose text has its links clickable.
 */
export function MailboxPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<Tab>('emails');
  const [to, setTo] = useState<string | undefined>(undefined);
  const id = useId();
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  const tabId = (name: Tab) => `${id}-tab-${name}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, tab);
    if (!next) return;
    event.preventDefault();
    tabRefs.current.get(next)?.focus();
    setTab(next);
  };
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'mailbox.title' })}</h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-ink">{intl.formatMessage({ id: 'mailbox.intro' })}</p>
      <RecipientFilter to={to} onApply={setTo} />
      <div className="mt-6">
        <div
          role="tablist"
          aria-label={intl.formatMessage({ id: 'mailbox.tabs' })}
          className="mb-6 flex flex-wrap border-b border-line"
          onKeyDown={onKeyDown}
        >
          {TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                if (element) tabRefs.current.set(name, element);
                else tabRefs.current.delete(name);
              }}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={name === tab}
              aria-controls={name === tab ? panelId : undefined}
              tabIndex={name === tab ? 0 : -1}
              className={TAB}
              onClick={() => setTab(name)}
            >
              {intl.formatMessage({ id: TAB_NAMES[name] })}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(tab)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is the next stop after the tab list.
          tabIndex={0}
          className="min-h-64 rounded-md outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {tab === 'emails' ? <EmailList key={`emails-${to}`} to={to} /> : <TextList key={`texts-${to}`} to={to} />}
        </div>
      </div>
    </div>
  );
}
