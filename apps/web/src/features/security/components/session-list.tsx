import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { formatInstant } from '../../../lib/dates';
import { endOtherSessions, endSession, type SignedInSession, securityKeys, useSessions } from '../api/security-api';
import { placeText } from '../utils/security-rules';

/**
 * The signed-in sessions (wider-portal.md §3): browser on OS, where from (the truncated address or "Local network"),
 * when last active; this device marked. Sign out of one other session, or of all others after a confirmation.
 */
export function SessionList({ onEnded }: { onEnded: (count: number) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const done = ({ sessionsEnded }: { sessionsEnded: number }) => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
    onEnded(sessionsEnded);
    titleRef.current?.focus();
  };
  const endOne = useMutation({ mutationFn: endSession, onSuccess: done });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (answer) => {
      setConfirming(false);
      done(answer);
    },
  });
  const failed = endOne.isError || endOthers.isError;

  const device = (session: SignedInSession) => {
    const browser = session.browser ?? intl.formatMessage({ id: 'security.sessions.unknown' });
    return session.os
      ? intl.formatMessage({ id: 'security.sessions.browserOnOs' }, { browser, os: session.os })
      : browser;
  };
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
        {intl.formatMessage({ id: 'security.sessions.title' })}
      </h3>
      {failed ? <ErrorNotice titleId="security.failed" bodyId="security.tryLater" /> : null}
      {sessions.isPending ? (
        <ListSkeleton />
      ) : sessions.isError ? (
        <ErrorNotice titleId="security.failed" bodyId="security.tryLater" />
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {list.map((session) => (
            <li key={session.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
              <div>
                <p className="font-semibold text-ink">
                  {device(session)}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-800">
                      {intl.formatMessage({ id: 'security.sessions.thisDevice' })}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-muted">
                  {intl.formatMessage(
                    { id: 'security.sessions.details' },
                    {
                      place: placeText(session.place, {
                        local: intl.formatMessage({ id: 'security.sessions.local' }),
                        unknown: intl.formatMessage({ id: 'security.sessions.unknown' }),
                      }),
                      lastActive: formatInstant(intl, new Date(session.lastSeenAt), 'dateTime'),
                    },
                  )}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  aria-disabled={endOne.isPending || undefined}
                  aria-label={intl.formatMessage({ id: 'security.sessions.signOutOf' }, { device: device(session) })}
                  onClick={() => {
                    if (!endOne.isPending) endOne.mutate(session.id);
                  }}
                >
                  {intl.formatMessage({ id: 'security.sessions.signOut' })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirming(true)}>
          {intl.formatMessage({ id: 'security.sessions.signOutOthers' })}
        </button>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({ id: 'security.sessions.signOutOthers' })}
        confirmLabel={intl.formatMessage({ id: 'security.sessions.signOut' })}
        cancelLabel={intl.formatMessage({ id: 'security.cancel' })}
        isPending={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{intl.formatMessage({ id: 'security.sessions.confirm' })}</p>
      </ConfirmDialog>
    </section>
  );
}
