/** The states every e-mailed link can be in, shared by /verify-link and /create-sub-account (wider-portal.md §1). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LINK_EXPIRY_MINUTES, type LinkPurpose, LinkTokenSchema } from '@vireo/shared';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { getCurrentLocale } from '../../../lib/locale';
import type { MessageId } from '../../../messages';
import { linkStatus, renewLink } from '../api/open-doors';
import { DoorFrame, EmailSentNotice } from './door-frame';

/**
 * A link page's one action (verify, send a new link): pressed once while its request is on its way, and the generic
 * failure above it when the request failed.
 */
export function LinkAction({
  labelId,
  pending,
  failed,
  onAct,
}: {
  labelId: MessageId;
  pending: boolean;
  failed: boolean;
  onAct: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {failed ? (
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
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onAct();
          }}
          className={PRIMARY_BUTTON}
        >
          {intl.formatMessage({ id: labelId })}
        </button>
      </Actions>
    </>
  );
}

export function Actions({ children }: { children: ReactNode }) {
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

/** What an expired or used link says when no new one is sent from it, by what it was for. */
const NOT_RENEWED: Partial<Record<LinkPurpose, MessageId>> = {
  invitation: 'accountAccess.invitation.staleBody',
  email_change: 'accountAccess.link.emailChangeStaleBody',
  not_me: 'accountAccess.link.notMeStaleBody',
  verify_email: 'accountAccess.link.usedDoneBody',
};

/**
 * An expired or used link: says which, and offers a new one to the same address (wider-portal.md §1) when the server
 * sends one from it: a reset link, or a registration's unused one. An invitation is renewed by whoever sent it
 * (wider-portal.md §4), a contact e-mail change and "This wasn't me" where they began: the page says where.
 */
export function StaleLink({
  token,
  state,
  purpose,
}: {
  token: string;
  state: 'expired' | 'used';
  purpose: LinkPurpose | null;
}) {
  const intl = useIntl();
  const renewal = useMutation({ mutationFn: () => renewLink(token, getCurrentLocale()) });
  const title: MessageId = state === 'expired' ? 'accountAccess.link.expiredTitle' : 'accountAccess.link.usedTitle';
  const renewable = purpose === 'password_reset' || (purpose === 'verify_email' && state === 'expired');
  const notRenewed = renewable || !purpose ? undefined : NOT_RENEWED[purpose];
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
            id: notRenewed ?? (state === 'expired' ? 'accountAccess.link.expiredBody' : 'accountAccess.link.usedBody'),
          },
          { hours: LINK_EXPIRY_MINUTES.invitation / 60 },
        )}
      </p>
      {notRenewed ? null : (
        <LinkAction
          labelId="accountAccess.link.renew"
          pending={renewal.isPending}
          failed={renewal.isError}
          onAct={() => renewal.mutate()}
        />
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

/** What a link is (a POST: the token stays out of URLs and logs), asked once per page; nothing for a malformed token. */
export function useLinkStatus(token: string) {
  const wellFormed = LinkTokenSchema.safeParse(token).success;
  const status = useQuery({
    queryKey: ['openDoors', 'link', token],
    queryFn: () => linkStatus(token),
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  return { wellFormed, status };
}

/** While a link's status is asked for, or when asking failed (with a way to ask again). */
export function CheckingLink({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <DoorFrame title={intl.formatMessage({ id: 'accountAccess.link.checkingTitle' })}>
      {failed ? (
        <div className="mt-4">
          <ErrorPanel
            titleId="accountAccess.refused.genericTitle"
            bodyId="accountAccess.refused.genericBody"
            headingLevel={2}
          >
            <button type="button" onClick={onRetry} className={PRIMARY_BUTTON}>
              {intl.formatMessage({ id: 'ui.retry' })}
            </button>
          </ErrorPanel>
        </div>
      ) : (
        <PanelSkeleton lines={3} className="mt-4 border-0 p-0" />
      )}
    </DoorFrame>
  );
}
