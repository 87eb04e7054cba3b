import type { SupportTicketCreated } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE } from '../../../components/ui/form-styles';
import { TicketForm, type TicketPrefill } from './ticket-form';
import { TicketList, TicketSent, TicketStatusView } from './ticket-views';

/**
 * `/support/forms` (issue 21 item 4, wider-portal.md §9; spec §2.1: open): writing to support, then the ticket's
 * number and status; a signed-in user's tickets below; a visitor's status link (`?token=`) shows the ticket it names.
 */
export function SupportFormsPage({
  signedIn,
  token,
  prefill = {},
}: {
  signedIn: { email: string } | null;
  token: string | undefined;
  /** A ticket begun elsewhere (troubleshooting, an error's support code), which the person can still change. */
  prefill?: TicketPrefill;
}) {
  const intl = useIntl();
  const [sent, setSent] = useState<SupportTicketCreated | null>(null);
  // a new form after each ticket: nothing of the last one stays in it
  const [round, setRound] = useState(0);
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.supportForms' })}</h1>
      {token ? (
        <TicketStatusView token={token} />
      ) : sent ? (
        <TicketSent
          created={sent}
          onAnother={() => {
            setSent(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'support.forms.intro' })}</p>
          <TicketForm key={round} signedIn={signedIn} onSent={setSent} prefill={round === 0 ? prefill : {}} />
        </>
      )}
      {signedIn && !token ? <TicketList /> : null}
    </div>
  );
}
