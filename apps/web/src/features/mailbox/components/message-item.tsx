import { ExternalLink } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useIntl } from 'react-intl';
import { BADGE, TEXT_LINK } from '../../../components/ui/form-styles';
import { isSameOrigin, linkParts, type TextPart } from '../utils/links';

/** One message as the list shows it, whichever outbox it came from (mailbox-lists.tsx makes them). */
export type MessageView = {
  id: string;
  to: string;
  kind: string;
  /** The language's name ("English", "Español"), or its code when the portal does not know it. */
  language: string;
  /** An e-mail's subject; a text message's first line. */
  subject: string;
  /** The whole plain text. */
  body: string;
  /** When the portal queued it, formatted. */
  created: string;
  /** Sent, in the outbox, held for the quiet hours, formatted. */
  status: string;
  security: boolean;
  /** The e-mail's HTML part as a page of its own; null for a text message. */
  htmlPath: string | null;
};

function NewTabNote() {
  const intl = useIntl();
  return <span className="sr-only"> {intl.formatMessage({ id: 'mailbox.newTab' })}</span>;
}

/** One run of a message's text: words as they are, or an address as a link. */
function TextRun({ part, origin }: { part: TextPart; origin: string }) {
  if (part.type === 'text') return part.text;
  return isSameOrigin(part.href, origin) ? (
    <a href={part.href} className={`${TEXT_LINK} break-all`}>
      {part.href}
    </a>
  ) : (
    <a href={part.href} target="_blank" rel="noopener noreferrer" className={`${TEXT_LINK} break-all`}>
      {part.href}
      <NewTabNote />
    </a>
  );
}

/**
 * Plain text with every http(s) address a link: one of this portal opens in the same tab (a browser test follows a
 * verification link from here), any other in a new tab without access to this one (`noopener`).
 */
export function LinkedText({ text }: { text: string }) {
  const origin = window.location.origin;
  return (
    <p className="whitespace-pre-wrap break-words text-ink leading-relaxed">
      {linkParts(text).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text, in order; they never move.
        <TextRun key={index} part={part} origin={origin} />
      ))}
    </p>
  );
}

type MessageItemProps = {
  message: MessageView;
  expanded: boolean;
  onToggle: () => void;
  /** The disclosure button, for the list to move focus to (the first of the older messages it shows). */
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * One message: its subject as a disclosure button (the WAI-ARIA disclosure pattern, as the statement's sections), what
 * it is and where it stands beneath, and when open the whole text with its links and, for an e-mail, its HTML part.
 */
export function MessageItem({ message, expanded, onToggle, buttonRef }: MessageItemProps) {
  const intl = useIntl();
  const panelId = useId();
  const fields = [
    { id: 'mailbox.field.to', value: message.to },
    { id: 'mailbox.field.kind', value: message.kind },
    { id: 'mailbox.field.language', value: message.language },
    { id: 'mailbox.field.created', value: message.created },
    { id: 'mailbox.field.status', value: message.status },
  ] as const;
  return (
    <li className="border-b border-line last:border-b-0">
      <h2>
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-11 w-full cursor-pointer items-start gap-3 px-4 pt-3 pb-1 text-left text-lg font-semibold text-navy-900 hover:bg-surface-muted"
        >
          <span aria-hidden="true" className={`text-ink-muted transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ▶
          </span>
          <span className="min-w-0 flex-1 break-words">{message.subject}</span>
        </button>
      </h2>
      <div className="px-4 pb-3 narrow:pl-11">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {fields.map((field) => (
            <div key={field.id} className="flex min-w-0 gap-1.5">
              <dt className="text-ink-muted">{intl.formatMessage({ id: field.id })}</dt>
              <dd className="min-w-0 break-words text-ink">{field.value}</dd>
            </div>
          ))}
        </dl>
        {message.security ? (
          <p className="mt-2">
            <span className={`${BADGE} border-warning-700/40 bg-warning-50 text-ink`}>
              {intl.formatMessage({ id: 'mailbox.security' })}
            </span>
          </p>
        ) : null}
        <div id={panelId} hidden={!expanded} className="mt-3 rounded-lg border border-line bg-surface-muted p-4">
          <LinkedText text={message.body} />
          {message.htmlPath ? (
            <p className="mt-4">
              <a
                href={message.htmlPath}
                target="_blank"
                rel="noopener noreferrer"
                className={`${TEXT_LINK} inline-flex items-center gap-1.5`}
              >
                {intl.formatMessage({ id: 'mailbox.html' })}
                <ExternalLink aria-hidden="true" focusable="false" className="size-4" />
                <NewTabNote />
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
