import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { NOT_ME_PASSKEY_HOURS } from '@vireo/shared';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { verifyLink } from '../api/open-doors';
import { keepResetToken } from '../utils/reset-token';
import { DoorFrame } from './door-frame';
import { Actions, CheckingLink, LinkAction, StaleLink, UnknownLink, useLinkStatus } from './link-states';

/** A valid verification link: nothing happens until the person presses the button (mail scanners open links). */
function ConfirmEmail({ token, username }: { token: string; username: string | null }) {
  const intl = useIntl();
  const verification = useMutation({ mutationFn: () => verifyLink(token) });
  if (verification.isSuccess) {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.verified.title' })} focusTitle>
        <p role="status" className="mt-2 text-ink">
          {verification.data.purpose === 'email_change'
            ? intl.formatMessage({ id: 'accountAccess.emailChanged.body' }, { username: verification.data.username })
            : intl.formatMessage({ id: 'accountAccess.verified.body' }, { username: verification.data.username })}
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
      <LinkAction
        labelId="accountAccess.verify.submit"
        pending={verification.isPending}
        failed={verification.isError}
        onAct={() => verification.mutate()}
      />
    </DoorFrame>
  );
}

/**
 * A security notice's "This wasn't me" (issue 18 item 4, wider-portal.md §3): it says what the button does, and only
 * the button does it (every session of the user ends, the passkeys of the last 24 hours go, a new password is needed).
 */
function SecureAccount({ token, username }: { token: string; username: string | null }) {
  const intl = useIntl();
  const securing = useMutation({ mutationFn: () => verifyLink(token) });
  if (securing.isSuccess) {
    return (
      <DoorFrame title={intl.formatMessage({ id: 'accountAccess.notMe.doneTitle' })} focusTitle>
        <p role="status" className="mt-2 text-ink">
          {intl.formatMessage({ id: 'accountAccess.notMe.doneBody' }, { username: securing.data.username })}
        </p>
        <Actions>
          <Link to="/account-recovery" search={{ 'password-reset-required': true }} className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'accountAccess.notMe.reset' })}
          </Link>
          <Link to="/login" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'accountAccess.signIn' })}
          </Link>
        </Actions>
      </DoorFrame>
    );
  }
  return (
    <DoorFrame title={intl.formatMessage({ id: 'accountAccess.notMe.title' })}>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'accountAccess.notMe.intro' })}</p>
      <p className="mt-2 text-ink">
        {username
          ? intl.formatMessage({ id: 'accountAccess.notMe.bodyFor' }, { username, hours: NOT_ME_PASSKEY_HOURS })
          : intl.formatMessage({ id: 'accountAccess.notMe.body' }, { hours: NOT_ME_PASSKEY_HOURS })}
      </p>
      <LinkAction
        labelId="accountAccess.notMe.submit"
        pending={securing.isPending}
        failed={securing.isError}
        onAct={() => securing.mutate()}
      />
    </DoorFrame>
  );
}

/**
 * Where every e-mailed link lands (`/verify-link?token=…`, issue 17 item 3, wider-portal.md §1). The page asks what
 * the link is (a POST: the token stays out of logs) and acts only on a button: a verification is confirmed here; a
 * reset link goes on to the reset form, an invitation to `/create-sub-account`; a security notice's "This wasn't me"
 * secures the account on its button; an expired or used link offers a new one.
 */
export function VerifyLinkPage() {
  const _intl = useIntl();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ from: '/verify-link' });
  const { wellFormed, status } = useLinkStatus(token);
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
  if (status.isError || !link || next === 'password_reset' || next === 'invitation') {
    return <CheckingLink failed={status.isError} onRetry={() => void status.refetch()} />;
  }
  if (link.state === 'expired' || link.state === 'used')
    return <StaleLink token={token} state={link.state} purpose={link.purpose} />;
  if (link.purpose === 'not_me') return <SecureAccount token={token} username={link.username} />;
  return <ConfirmEmail token={token} username={link.username} />;
}
