import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { useSelfInstallKit } from '../api/self-install-api';
import { CallUs, Section, SelfInstallFrame, TicketLink, useStuckSubject } from './self-install-common';

/** Calling us (the business number) and writing to us, the ticket begun with `subject`. */
function ReachUs({ subject }: { subject: string }) {
  const intl = useIntl();
  return (
    <div className="grid max-w-3xl gap-x-6 md:grid-cols-2">
      <Section id="self-install-call" titleId="selfInstall.contact.call">
        <CallUs />
      </Section>
      <Section id="self-install-write" titleId="selfInstall.contact.write">
        <p className="mt-2 text-ink">{intl.formatMessage({ id: 'selfInstall.contact.writeBody' })}</p>
        <p className="mt-3">
          <TicketLink subject={subject} />
        </p>
      </Section>
    </div>
  );
}

/** spec §2.1 whitelist: self-install is not offered online right now (its toggle is off); we set it up with them. */
export function ContactToContinuePage() {
  const intl = useIntl();
  return (
    <SelfInstallFrame
      titleId="selfInstall.contactToContinue.title"
      intro={intl.formatMessage({ id: 'selfInstall.contactToContinue.body' })}
    >
      <ReachUs subject={intl.formatMessage({ id: 'selfInstall.ticket.subject.setUp' })} />
    </SelfInstallFrame>
  );
}

/** spec §2.1 whitelist: activation needs us (a step failed too often); the ticket names the step it is stuck at. */
export function ContactToActivatePage() {
  const intl = useIntl();
  const kit = useSelfInstallKit();
  const subject = useStuckSubject(kit.data);
  return (
    <SelfInstallFrame
      titleId="selfInstall.contactToActivate.title"
      intro={intl.formatMessage({ id: 'selfInstall.contactToActivate.body' })}
    >
      <ReachUs subject={subject} />
    </SelfInstallFrame>
  );
}

const NOTHING_LINKS: readonly { to: '/services' | '/support'; id: MessageId }[] = [
  { to: '/services', id: 'selfInstall.link.services' },
  { to: '/support', id: 'selfInstall.link.support' },
];

/** spec §2.1 whitelist: no kit is waiting on the account. */
export function NothingToSetUpPage() {
  const intl = useIntl();
  return (
    <SelfInstallFrame
      titleId="selfInstall.nothing.title"
      intro={intl.formatMessage({ id: 'selfInstall.nothing.body' })}
    >
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        {NOTHING_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={TEXT_LINK}>
              {intl.formatMessage({ id: link.id })}
            </Link>
          </li>
        ))}
      </ul>
    </SelfInstallFrame>
  );
}
