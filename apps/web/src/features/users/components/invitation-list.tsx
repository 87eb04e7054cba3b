import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { BADGE, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { deleteInvitation, type Invitation, type InvitationsPage, resendInvitation, userKeys } from '../api/users-api';
import { ROLE_NAME } from '../utils/user-rules';
import { fullName } from './user-list';

type ItemProps = {
  invitation: Invitation;
  onResend: (invitation: Invitation) => void;
  onDelete: (invitation: Invitation) => void;
  isResending: boolean;
  failure: MessageId | null;
};

function InvitationItem({ invitation, onResend, onDelete, isResending, failure }: ItemProps) {
  const intl = useIntl();
  const titleId = useId();
  const date = (iso: string) => formatInstant(intl, new Date(iso), 'date');
  const sender = invitation.invitedBy
    ? fullName(invitation.invitedBy)
    : intl.formatMessage({ id: 'users.invitation.formerUser' });
  const rows: [MessageId, string][] = [
    ['users.item.email', invitation.email],
    ['users.item.role', intl.formatMessage({ id: ROLE_NAME[invitation.role] })],
    [
      'users.invitation.sent',
      intl.formatMessage({ id: 'users.invitation.sentBy' }, { date: date(invitation.sentAt), name: sender }),
    ],
  ];
  if (invitation.accessEndsAt) rows.push(['users.invitation.accessEnds', date(invitation.accessEndsAt)]);
  const pending = invitation.status === 'pending';
  return (
    <li className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-navy-900">
          {fullName(invitation) || invitation.email}
        </h3>
        <p
          className={`${BADGE} ${pending ? 'border-brand-700/40 bg-brand-50 text-brand-800' : 'border-line-strong bg-surface-muted text-ink'}`}
        >
          <span className="sr-only">{intl.formatMessage({ id: 'users.item.status' })} </span>
          {intl.formatMessage(
            { id: pending ? 'users.invitation.pending' : 'users.invitation.expired' },
            { date: date(invitation.expiresAt) },
          )}
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{intl.formatMessage({ id: term })}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-describedby={titleId}
          aria-disabled={isResending || undefined}
          className={SECONDARY_BUTTON}
          onClick={() => {
            if (!isResending) onResend(invitation);
          }}
        >
          {intl.formatMessage({ id: isResending ? 'users.invitation.resending' : 'users.invitation.resend' })}
        </button>
        <button
          type="button"
          aria-describedby={titleId}
          className={SECONDARY_BUTTON}
          onClick={() => onDelete(invitation)}
        >
          {intl.formatMessage({ id: 'users.invitation.delete' })}
        </button>
      </div>
      {failure ? (
        <div className="mt-3">
          <ErrorPanel titleId="users.errors.change.title" bodyId={failure} headingLevel={4} />
        </div>
      ) : null}
    </li>
  );
}

type InvitationListProps = {
  page: InvitationsPage;
  isFetching: boolean;
  onPage: (cursor: string) => void;
  labelledBy: string;
  /** Says what happened in the page's status line. */
  announce: (message: string) => void;
  /** Where focus goes once a deleted invitation's row is gone. */
  onDeleted: () => void;
};

const failureOf = (error: unknown): MessageId =>
  errorCode(error) === 'NOT_FOUND' ? 'users.errors.invitationGone' : 'users.errors.change.body';

/** Pending and expired invitations, newest first: Resend (a new link and expiry) and Delete (asks first). */
export function InvitationList({ page, isFetching, onPage, labelledBy, announce, onDeleted }: InvitationListProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Invitation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<{ id: string; bodyId: MessageId } | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'invitations'] });
  const resend = useMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(invitation.id),
    onSuccess: (renewed) => {
      queryClient.setQueriesData<InvitationsPage>({ queryKey: [...userKeys.all, 'invitations'] }, (current) =>
        current
          ? { ...current, items: current.items.map((item) => (item.id === renewed.id ? renewed : item)) }
          : current,
      );
      refresh();
      announce(
        intl.formatMessage(
          { id: 'users.invitation.resent' },
          { email: renewed.email, date: formatInstant(intl, new Date(renewed.expiresAt), 'date') },
        ),
      );
    },
    onError: (error, invitation) => {
      setFailed({ id: invitation.id, bodyId: failureOf(error) });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (invitation: Invitation) => deleteInvitation(invitation.id),
    onSuccess: (_nothing, invitation) => {
      setConfirming(false);
      queryClient.setQueriesData<InvitationsPage>({ queryKey: [...userKeys.all, 'invitations'] }, (current) =>
        current ? { ...current, items: current.items.filter((item) => item.id !== invitation.id) } : current,
      );
      refresh();
      announce(intl.formatMessage({ id: 'users.invitation.deleted' }, { email: invitation.email }));
      onDeleted();
    },
    onError: (error, invitation) => {
      setConfirming(false);
      setFailed({ id: invitation.id, bodyId: failureOf(error) });
      refresh();
    },
  });

  if (page.items.length === 0) {
    return (
      <p className="rounded-lg border border-line bg-surface-muted p-4 text-ink">
        {intl.formatMessage({ id: 'users.invitations.empty' })}
      </p>
    );
  }
  return (
    <>
      <ul aria-labelledby={labelledBy} aria-busy={isFetching || undefined} className="grid gap-4 md:grid-cols-2">
        {page.items.map((invitation) => (
          <InvitationItem
            key={invitation.id}
            invitation={invitation}
            isResending={resend.isPending && resend.variables?.id === invitation.id}
            failure={failed?.id === invitation.id ? failed.bodyId : null}
            onResend={(chosen) => {
              setFailed(null);
              announce('');
              // focus stays on Resend, which stays; the status line says the new expiry
              resend.mutate(chosen);
            }}
            onDelete={(chosen) => {
              setFailed(null);
              remove.reset();
              setAsked(chosen);
              setConfirming(true);
            }}
          />
        ))}
      </ul>
      <KeysetPager
        labelId="users.invitations.pages"
        previousCursor={page.previousCursor}
        nextCursor={page.nextCursor}
        onPage={onPage}
        isBusy={isFetching}
      />
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({ id: 'users.invitation.delete.title' })}
        confirmLabel={intl.formatMessage({ id: 'users.invitation.delete.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'users.invitation.delete.keep' })}
        isPending={remove.isPending}
        onConfirm={() => {
          if (asked) remove.mutate(asked);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{intl.formatMessage({ id: 'users.invitation.delete.body' }, { email: asked?.email ?? '' })}</p>
        {remove.isPending ? <p role="status">{intl.formatMessage({ id: 'users.pending' })}</p> : null}
      </ConfirmDialog>
    </>
  );
}
