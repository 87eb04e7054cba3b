import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { LINK_EXPIRY_MINUTES, LinkTokenSchema } from '@vireo/shared';
import { type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { getCurrentLocale } from '../../../lib/locale';
import type { MessageId } from '../../../messages';
import { linkStatus, renewLink, verifyLink } from '../api/open-doors';
import { keepResetToken } from '../utils/reset-token';
import { DoorFrame, EmailSentNotice } from './door-frame';

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">{children}</div>;
}

function WaysOn() {
  const intl = useIntl();
  return (
    <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
      <li>
        <Link to="/login" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'accountAccess.signIn' })}
        </Link>
      </li>
      <li>
        <Link to="/account-recovery" search={{ 'password-reset': false }} className={TEXT_LINK}>
          {intl.formatMessage({ id: 'accountAccess.link.recovery' })}
        </Link>
      </li>
    </ul>
  );
}

/** An expired or used link: says which, and offers a new one to the same address (wider-portal.md §1). */
export function StaleLink({
  token,
  state,
  invitation = false,
}: {
  token: string;
  state: 'expired' | 'used';
  /** An invitation is renewed by whoever sent it (wider-portal.md §4), never by its holder: no new link is offered. */
  invitation?: boolean;
}) {
  const intl = useIntl();
  const renewal = useMutation({ mutationFn: () => renewLink(token, getCurrentLocale()) });
  const title: MessageId = state === 'expired' ? 'accountAccess.link.expiredTitle' : 'accountAccess.link.usedTitle';
  if (renewal.isSuccess) {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.sent.title' })} focusTitle>
        <EmailSentNotice bodyId="accountAccess.sent.newLink" sentTo={renewal.data.sentTo} />
      </DoorFrame>
    );
  }
  return (
    <DoorFrame title={intl.formatMessage({ id: title })}>
      <p className="mt-2 text-ink">
        {intl.formatMessage(
          {
            id: invitation
              ? 'accountAccess.invitation.staleBody'
              : state === 'expired'
                ? 'accountAccess.link.expiredBody'
                : 'accountAccess.link.usedBody',
          },
          { hours: LINK_EXPIRY_MINUTES.invitation / 60 },
        )}
      </p>
      {renewal.isError ? (
        <div className="mt-4">
          <ErrorPanel
            titleId="accountAccess.refused.genericTitle"
            bodyId="accountAccess.refused.genericBody"
            headingLevel={2}
          />
        </div>
      ) : null}
      {invitation ? null : (
        <Actions>
          <button
            type="button"
            aria-disabled={renewal.isPending || undefined}
            onClick={() => {
              if (!renewal.isPending) renewal.mutate();
            }}
            className={PRIMARY_BUTTON}
          >
            {intl.formatMessage({ id: 'accountAccess.link.renew' })}
          </button>
        </Actions>
      )}
      <WaysOn />
    </DoorFrame>
  );
}

export function UnknownLink() {
  const intl = useIntl();
  return (
    <DoorFrame title={intl.formatMessage({ id: 'accountAccess.link.unknownTitle' })}>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'accountAccess.link.unknownBody' })}</p>
      <WaysOn />
    </DoorFrame>
  );
}

/** A valid verification link: nothing happens until the person presses the button (mail scanners open links). */
function ConfirmEmail({ token, username }: { token: string; username: string | null }) {
  const intl = useIntl();
  const verification = useMutation({ mutationFn: () => verifyLink(token) });
  if (verification.isSuccess) {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.verified.title' })} focusTitle>
        <p role="status" className="mt-2 text-ink">
          {intl.formatMessage({ id: 'accountAccess.verified.body' }, { username: verification.data.username })}
        </p>
        <Actions>
          <Link to="/login" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'accountAccess.signIn' })}
          </Link>
        </Actions>
      </DoorFrame>
    );
  }
  return (
    <DoorFrame title={intl.formatMessage({ id: 'accountAccess.verify.title' })}>
      <p className="mt-2 text-ink">
        {username
          ? intl.formatMessage({ id: 'accountAccess.verify.bodyFor' }, { username })
          : intl.formatMessage({ id: 'accountAccess.verify.body' })}
      </p>
      {verification.isError ? (
        <div className="mt-4">
          <ErrorPanel
            titleId="accountAccess.refused.genericTitle"
            bodyId="accountAccess.refused.genericBody"
            headingLevel={2}
          />
        </div>
      ) : null}
      <Actions>
        <button
          type="button"
          aria-disabled={verification.isPending || undefined}
          onClick={() => {
            if (!verification.isPending) verification.mutate();
          }}
          className={PRIMARY_BUTTON}
        >
          {intl.formatMessage({ id: 'accountAccess.verify.submit' })}
        </button>
      </Actions>
    </DoorFrame>
  );
}

/**
 * Where every e-mailed link lands (`/verify-link?token=…`, issue 17 item 3, wider-portal.md §1). The page asks what
 * the link is (a POST: the token stays out of logs) and acts only on a button: a verification is confirmed here; a
 * reset link goes on to the reset form, an invitation to `/create-sub-account`; an expired or used link offers a new
 * one.
 */
export function VerifyLinkPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ from: '/verify-link' });
  const wellFormed = LinkTokenSchema.safeParse(token).success;
  const status = useQuery({
    queryKey: ['openDoors', 'link', token],
    queryFn: () => linkStatus(token),
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const link = status.data;
  const next = link?.state === 'valid' ? link.purpose : null;

  useEffect(() => {
    if (next === 'password_reset') {
      keepResetToken({ token, username: link?.username ?? null });
      void navigate({ to: '/account-recovery', search: { 'password-reset': true }, replace: true });
    } else if (next === 'invitation') {
      void navigate({ to: '/create-sub-account', search: { token }, replace: true });
    }
  }, [next, token, navigate, link?.username]);

  if (!wellFormed || link?.state === 'unknown') return <UnknownLink />;
  if (status.isError) {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.link.checkingTitle' })}>
        <div className="mt-4">
          <ErrorPanel
            titleId="accountAccess.refused.genericTitle"
            bodyId="accountAccess.refused.genericBody"
            headingLevel={2}
          >
            <button type="button" onClick={() => void status.refetch()} className={PRIMARY_BUTTON}>
              {intl.formatMessage({ id: 'ui.retry' })}
            </button>
          </ErrorPanel>
        </div>
      </DoorFrame>
    );
  }
  if (!link || next === 'password_reset' || next === 'invitation') {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.link.checkingTitle' })}>
        <PanelSkeleton lines={3} className="mt-4 border-0 p-0" />
      </DoorFrame>
    );
  }
  if (link.state === 'expired' || link.state === 'used') return <StaleLink token={token} state={link.state} />;
  return <ConfirmEmail token={token} username={link.username} />;
}
