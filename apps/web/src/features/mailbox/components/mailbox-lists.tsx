import { mailboxEmailHtmlPath } from '@vireo/shared';
import { useMemo } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { formatInstant } from '../../../lib/dates';
import { type MailboxEmail, useMailboxEmails } from '../api/find-emails';
import { type MailboxText, useMailboxTexts } from '../api/find-texts';
import { firstLine } from '../utils/links';
import type { MessageView } from './message-item';
import { MessageList } from './message-list';

/** An instant of the API, in the UI's language ("Nov 21, 3:30 PM" / "21 nov, 15:30"). */
function timeOf(intl: IntlShape, iso: string): string {
  return formatInstant(intl, new Date(iso), 'dayMonthTime');
}

/** The language's name, written in that language (the language switch's names); another code as it is. */
function languageOf(intl: IntlShape, code: string): string {
  if (code === 'en') return intl.formatMessage({ id: 'shell.language.en' });
  if (code === 'es') return intl.formatMessage({ id: 'shell.language.es' });
  return code;
}

function emailView(intl: IntlShape, email: MailboxEmail): MessageView {
  return {
    id: email.id,
    to: email.to,
    kind: email.kind,
    language: languageOf(intl, email.language),
    subject: email.subject.trim() || intl.formatMessage({ id: 'mailbox.noSubject' }),
    body: email.text,
    created: timeOf(intl, email.createdAt),
    status: email.sentAt
      ? intl.formatMessage({ id: 'mailbox.status.sent' }, { time: timeOf(intl, email.sentAt) })
      : intl.formatMessage({ id: 'mailbox.status.outbox' }),
    security: false,
    htmlPath: mailboxEmailHtmlPath(email.id),
  };
}

function textView(intl: IntlShape, text: MailboxText): MessageView {
  // queued inside the quiet hours (21:00-08:00 in the account's zone): sent when they end
  const held = Date.parse(text.sendAfter) > Date.parse(text.createdAt);
  return {
    id: text.id,
    to: text.to,
    kind: text.kind,
    language: languageOf(intl, text.language),
    subject: firstLine(text.body) || intl.formatMessage({ id: 'mailbox.noSubject' }),
    body: text.body,
    created: timeOf(intl, text.createdAt),
    status: held
      ? intl.formatMessage({ id: 'mailbox.status.held' }, { time: timeOf(intl, text.sendAfter) })
      : intl.formatMessage({ id: 'mailbox.status.texted' }),
    security: text.security,
    htmlPath: null,
  };
}

/** The e-mail tab's list (`to`: only the messages to that address). */
export function EmailList({ to }: { to: string | undefined }) {
  const intl = useIntl();
  const pages = useMailboxEmails(to);
  const messages = useMemo(
    () => pages.data?.pages.flatMap((page) => page.items.map((email) => emailView(intl, email))),
    [pages.data, intl],
  );
  return (
    <MessageList
      pages={pages}
      messages={messages}
      shown={(count) =>
        to
          ? intl.formatMessage({ id: 'mailbox.emails.shownTo' }, { count, to })
          : intl.formatMessage({ id: 'mailbox.emails.shown' }, { count })
      }
      empty={
        to
          ? intl.formatMessage({ id: 'mailbox.emails.emptyTo' }, { to })
          : intl.formatMessage({ id: 'mailbox.emails.empty' })
      }
    />
  );
}

/** The text-message tab's list (`to`: only the messages to that number). */
export function TextList({ to }: { to: string | undefined }) {
  const intl = useIntl();
  const pages = useMailboxTexts(to);
  const messages = useMemo(
    () => pages.data?.pages.flatMap((page) => page.items.map((text) => textView(intl, text))),
    [pages.data, intl],
  );
  return (
    <MessageList
      pages={pages}
      messages={messages}
      shown={(count) =>
        to
          ? intl.formatMessage({ id: 'mailbox.texts.shownTo' }, { count, to })
          : intl.formatMessage({ id: 'mailbox.texts.shown' }, { count })
      }
      empty={
        to
          ? intl.formatMessage({ id: 'mailbox.texts.emptyTo' }, { to })
          : intl.formatMessage({ id: 'mailbox.texts.empty' })
      }
    />
  );
}
