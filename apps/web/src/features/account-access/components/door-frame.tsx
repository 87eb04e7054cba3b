import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';

/**
 * The frame of every open-door page (the focused flow under the simple header, as sign-in): one card, its title the
 * page's one h1. `focusTitle`: focus moves to the title when the card's content changes (a form became its result).
 */
export function DoorFrame({
  title,
  focusTitle = false,
  children,
}: {
  title: string;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <div className="px-4 py-10 md:py-14">
      <div className="rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-navy-900 outline-none">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

/**
 * What a request that e-mails answers (registration, recovery, a new link): where it went, how long the link lasts,
 * and what to do when nothing arrives. The same words whether or not anything matched (the server's one answer).
 */
export function EmailSentNotice({
  bodyId,
  sentTo,
  values,
}: {
  bodyId: MessageId;
  sentTo: string;
  values?: Record<string, number>;
}) {
  const intl = useIntl();
  return (
    <div className="mt-4 space-y-4">
      <div role="status" className="flex gap-3 rounded-lg border border-brand-700/40 bg-brand-50 p-4 text-ink">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <p>{intl.formatMessage({ id: bodyId }, { email: <strong key="email">{sentTo}</strong>, ...values })}</p>
      </div>
      <p className="text-ink">{intl.formatMessage({ id: 'accountAccess.sent.noMail' })}</p>
      <p>
        <Link to="/login" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'accountAccess.backToSignIn' })}
        </Link>
      </p>
    </div>
  );
}
