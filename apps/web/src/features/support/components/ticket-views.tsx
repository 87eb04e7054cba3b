import { Link } from '@tanstack/react-router';
import type { SupportTicketCreated, SupportTicketStatus } from '@vireo/shared';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { BADGE, CARD, SECONDARY_BUTTON, SECTION_TITLE, SUCCESS, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { type SupportTicket, useTicketStatus, useTickets } from '../api/tickets-api';
import { topicName } from './support-common';

const STATUS_STYLE: Record<SupportTicketStatus, string> = {
  received: 'border-line bg-surface-muted text-ink',
  in_progress: 'border-brand-700/40 bg-brand-50 text-brand-900',
  waiting_for_customer: 'border-warning-700/40 bg-warning-50 text-ink',
  resolved: 'border-brand-700/40 bg-brand-50 text-brand-900',
};
const STATUS_NAME: Record<SupportTicketStatus, MessageId> = {
  received: 'support.forms.status.received',
  in_progress: 'support.forms.status.inProgress',
  waiting_for_customer: 'support.forms.status.waitingForCustomer',
  resolved: 'support.forms.status.resolved',
};
const statusName = (status: SupportTicketStatus) => STATUS_NAME[status];

export function StatusBadge({ status }: { status: SupportTicketStatus }) {
  const intl = useIntl();
  return <span className={`${BADGE} ${STATUS_STYLE[status]}`}>{intl.formatMessage({ id: statusName(status) })}</span>;
}

/** One ticket's facts: number, topic, status, when it was sent and last changed, its files. */
function TicketFacts({ ticket }: { ticket: SupportTicket }) {
  const intl = useIntl();
  const when = (iso: string) => formatInstant(intl, new Date(iso), 'date');
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 md:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.number' })}</dt>
      <dd>{ticket.number}</dd>
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.status' })}</dt>
      <dd>
        <StatusBadge status={ticket.status} />
      </dd>
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.topic.label' })}</dt>
      <dd>{intl.formatMessage({ id: topicName(ticket.topic) })}</dd>
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.sent' })}</dt>
      <dd>{when(ticket.createdAt)}</dd>
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.updated' })}</dt>
      <dd>{when(ticket.updatedAt)}</dd>
      <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.files' })}</dt>
      <dd>
        {ticket.attachments.length > 0
          ? ticket.attachments.map((file) => file.name).join(', ')
          : intl.formatMessage({ id: 'support.forms.context.none' })}
      </dd>
      {ticket.supportCode ? (
        <>
          <dt className="font-semibold">{intl.formatMessage({ id: 'support.forms.ticket.supportCode' })}</dt>
          <dd className="font-mono">{ticket.supportCode}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** After sending: the ticket's number and status, where the confirmation went, a visitor's status link. */
export function TicketSent({ created, onAnother }: { created: SupportTicketCreated; onAnother: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="ticket-sent" className={`${SUCCESS} mt-6 max-w-3xl`}>
      <h2 id="ticket-sent" ref={heading} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
        {intl.formatMessage({ id: 'support.forms.sent.title' }, { number: created.ticket.number })}
      </h2>
      <p className="mt-2">
        {intl.formatMessage(
          { id: 'support.forms.sent.body' },
          { email: created.email, subject: created.ticket.subject },
        )}
      </p>
      <TicketFacts ticket={created.ticket} />
      {created.statusToken ? (
        <p className="mt-3">
          <Link to="/support/forms" search={{ token: created.statusToken }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'support.forms.sent.statusLink' })}
          </Link>
        </p>
      ) : null}
      <button type="button" className={`${SECONDARY_BUTTON} mt-4`} onClick={onAnother}>
        {intl.formatMessage({ id: 'support.forms.sent.another' })}
      </button>
    </section>
  );
}

/** A visitor's status link (`/support/forms?token=`): the ticket it names, or why it no longer works. */
export function TicketStatusView({ token }: { token: string }) {
  const intl = useIntl();
  const status = useTicketStatus(token);
  if (status.isError) {
    const code = errorCode(status.error);
    const gone =
      code === 'LINK_EXPIRED' ? 'expired' : code === 'LINK_UNKNOWN' || code === 'VALIDATION_FAILED' ? 'unknown' : null;
    return gone ? (
      <div className={`${CARD} mt-6 max-w-3xl`} role="alert">
        <h2 className={SECTION_TITLE}>
          {intl.formatMessage({ id: `support.forms.statusLink.${gone}.title` as MessageId })}
        </h2>
        <p className="mt-2">{intl.formatMessage({ id: `support.forms.statusLink.${gone}.body` as MessageId })}</p>
      </div>
    ) : (
      <ErrorNotice
        className="mt-6"
        titleId="support.forms.statusLink.failed.title"
        bodyId="support.forms.statusLink.failed.body"
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  if (!status.data)
    return (
      <div className="mt-6">
        <ListSkeleton rows={3} />
      </div>
    );
  return (
    <section aria-labelledby="ticket-status" className={`${CARD} mt-6 max-w-3xl`}>
      <h2 id="ticket-status" className={SECTION_TITLE}>
        {status.data.subject}
      </h2>
      <TicketFacts ticket={status.data} />
    </section>
  );
}

/** The signed-in user's tickets, newest first, more on request (keyset). */
export function TicketList() {
  const intl = useIntl();
  const tickets = useTickets(true);
  const items = tickets.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="your-tickets" className="mt-10 max-w-3xl">
      <h2 id="your-tickets" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'support.forms.list.title' })}
      </h2>
      {tickets.isError ? (
        <ErrorNotice
          className="mt-4"
          titleId="support.forms.list.failed.title"
          bodyId="support.forms.list.failed.body"
          onRetry={() => void tickets.refetch()}
          isRetrying={tickets.isFetching}
        />
      ) : !tickets.data ? (
        <div className="mt-4">
          <ListSkeleton rows={2} />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{intl.formatMessage({ id: 'support.forms.list.empty' })}</p>
      ) : (
        <>
          <ul className="mt-4 space-y-3">
            {items.map((ticket) => (
              <li key={ticket.number} className={CARD}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-navy-900">{ticket.subject}</h3>
                  <StatusBadge status={ticket.status} />
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  {intl.formatMessage(
                    { id: 'support.forms.list.item' },
                    {
                      number: ticket.number,
                      topic: intl.formatMessage({ id: topicName(ticket.topic) }),
                      sent: formatInstant(intl, new Date(ticket.createdAt), 'date'),
                    },
                  )}
                </p>
              </li>
            ))}
          </ul>
          {tickets.hasNextPage ? (
            <button
              type="button"
              className={`${SECONDARY_BUTTON} mt-4`}
              aria-disabled={tickets.isFetchingNextPage || undefined}
              onClick={() => {
                if (!tickets.isFetchingNextPage) void tickets.fetchNextPage();
              }}
            >
              {intl.formatMessage({ id: 'support.forms.list.more' })}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
