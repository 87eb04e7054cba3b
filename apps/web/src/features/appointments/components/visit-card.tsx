import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { formatInstantIn, localeOf } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { Appointment } from '../api/appointments-api';
import { calendarOf, type TrackingLink, useTrackingLink, useVisitChange } from '../api/visit-access';
import { CancelPanel } from './cancel-panel';
import { ReschedulePanel } from './reschedule-panel';
import { REASON_WORDS, STATUS_WORDS, windowText } from './visit-words';
import { ZipStep } from './zip-step';

const TERM = 'text-sm font-medium text-ink-muted';

/** The status as a badge: attention for one to confirm, quiet once done or cancelled. */
const BADGE: Record<Appointment['status'], string> = {
  confirmation_needed: 'bg-warning-50 text-ink border-warning-700',
  scheduled: 'bg-brand-50 text-brand-900 border-brand-700/30',
  confirmed: 'bg-brand-50 text-brand-900 border-brand-700/30',
  en_route: 'bg-brand-700 text-surface border-brand-700',
  on_site: 'bg-brand-700 text-surface border-brand-700',
  completed: 'bg-surface-muted text-ink border-line',
  cancelled: 'bg-surface-muted text-ink border-line',
};

/**
 * One technician visit (issue 20 item 2): what it is for, its status, its window on the service address's clock, the
 * address, the technician (with the ETA once on the way), the order and job; confirm, move or cancel it while the
 * reader may and the window has not started; its calendar file. A change is announced in the card's status and focus
 * returns to the card's heading once the page shows it.
 */
type Action = 'confirm' | 'reschedule' | 'cancel';

export function VisitCard({
  visit,
  headingLevel = 2,
  initialPanel = null,
}: {
  visit: Appointment;
  headingLevel?: 1 | 2;
  /** The one-visit pages open their panel at once (while the visit can change). */
  initialPanel?: 'reschedule' | 'cancel' | null;
}) {
  const intl = useIntl();
  const link = useTrackingLink();
  // on the tracking page a change first asks for the service ZIP (`zip` then the action it leads to)
  const [panel, setPanel] = useState<'reschedule' | 'cancel' | { zip: Action } | null>(
    visit.canChange ? initialPanel : null,
  );
  const [announcement, setAnnouncement] = useState<MessageId | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const change = useVisitChange();
  const headingId = `visit-${visit.id}`;

  const [confirmAfterZip, setConfirmAfterZip] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the ZIP given reaches the change's request
  useEffect(() => {
    if (!confirmAfterZip || !link?.zip) return;
    setConfirmAfterZip(false);
    confirm();
  }, [confirmAfterZip, link?.zip]);

  useEffect(() => {
    if (!focusHeading) return;
    heading.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  const finished = (message: MessageId | null) => {
    setPanel(null);
    setAnnouncement(message);
    setFocusHeading(true);
  };

  const confirm = () => {
    setAnnouncement(null);
    change.mutate(
      { id: visit.id, change: { kind: 'confirm' } },
      { onSuccess: () => finished('appointments.confirmed'), onError: () => finished('appointments.failed') },
    );
  };

  const open = (which: Action) => {
    setAnnouncement(null);
    if (link && link.zip === null) setPanel({ zip: which });
    else if (which === 'confirm') confirm();
    else setPanel(which);
  };
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <article aria-labelledby={headingId} className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading id={headingId} ref={heading} tabIndex={-1} className={SECTION_TITLE}>
          {intl.formatMessage({ id: `appointments.type.${visit.type}` })}
        </Heading>
        <span className={`rounded-full border px-3 py-1 text-sm font-semibold ${BADGE[visit.status]}`}>
          {intl.formatMessage({ id: STATUS_WORDS[visit.status] })}
        </span>
      </div>
      <p className="mt-2 text-lg font-semibold text-ink">{windowText(intl, visit)}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 md:grid-cols-2">
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'appointments.address' })}</dt>
          <dd className="text-ink">
            {visit.address.addressLine1}
            <br />
            {`${visit.address.city}, ${visit.address.state} ${visit.address.zip}`}
          </dd>
        </div>
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'appointments.technician' })}</dt>
          <dd className="text-ink">
            {visit.technician ?? intl.formatMessage({ id: 'appointments.technician.unassigned' })}
            {visit.etaAt ? (
              <span className="block font-semibold">
                {intl.formatMessage(
                  { id: 'appointments.eta' },
                  { time: formatInstantIn(intl, new Date(visit.etaAt), 'time', visit.timeZone) },
                )}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'appointments.order' })}</dt>
          <dd className="text-ink tabular-nums">{`${visit.orderId} · ${visit.jobId}`}</dd>
        </div>
        {visit.cancelReason ? (
          <div>
            <dt className={TERM}>{intl.formatMessage({ id: 'appointments.cancelledBecause' })}</dt>
            <dd className="text-ink">{intl.formatMessage({ id: REASON_WORDS[visit.cancelReason] })}</dd>
          </div>
        ) : null}
      </dl>
      <p role="status" className="mt-3 font-semibold text-brand-900 empty:hidden">
        {announcement && announcement !== 'appointments.failed' ? intl.formatMessage({ id: announcement }) : ''}
      </p>
      {announcement === 'appointments.failed' ? (
        <p role="alert" className="mt-3 font-semibold text-danger-700">
          {intl.formatMessage({ id: 'appointments.failed' })}
        </p>
      ) : null}
      {panel === null ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {visit.canChange && visit.status === 'confirmation_needed' ? (
            <button
              type="button"
              className={PRIMARY_BUTTON}
              aria-disabled={change.isPending || undefined}
              onClick={() => !change.isPending && open('confirm')}
            >
              {intl.formatMessage({ id: 'appointments.confirm' })}
            </button>
          ) : null}
          {visit.canChange ? (
            <>
              <button type="button" className={SECONDARY_BUTTON} onClick={() => open('reschedule')}>
                {intl.formatMessage({ id: 'appointments.reschedule' })}
              </button>
              <button type="button" className={SECONDARY_BUTTON} onClick={() => open('cancel')}>
                {intl.formatMessage({ id: 'appointments.cancel' })}
              </button>
            </>
          ) : null}
          {visit.status !== 'completed' ? <CalendarFile visit={visit} link={link} /> : null}
        </div>
      ) : typeof panel === 'object' && link ? (
        <ZipStep
          verify={link.verify}
          onPassed={() => {
            // the ZIP is now the page's: a confirmation goes once the card has rendered with it
            if (panel.zip === 'confirm') {
              setPanel(null);
              setConfirmAfterZip(true);
            } else setPanel(panel.zip);
          }}
          onClose={() => finished(null)}
        />
      ) : panel === 'reschedule' ? (
        <ReschedulePanel
          visit={visit}
          onDone={() => finished('appointments.rescheduled')}
          onClose={() => finished(null)}
        />
      ) : panel === 'cancel' ? (
        <CancelPanel visit={visit} onDone={() => finished('appointments.cancelled')} onClose={() => finished(null)} />
      ) : null}
    </article>
  );
}

/** The visit's calendar file: a link signed in; saved by the page on the tracking page (no token in a URL). */
function CalendarFile({ visit, link }: { visit: Appointment; link: TrackingLink | null }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const label = intl.formatMessage({ id: 'appointments.calendar' });
  const calendar = calendarOf(link, visit, localeOf(intl));
  if ('href' in calendar) {
    return (
      <a href={calendar.href} className={TEXT_LINK} download>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={TEXT_LINK}
        onClick={() => {
          setFailed(false);
          calendar.save().catch(() => setFailed(true));
        }}
      >
        {label}
      </button>
      {failed ? (
        <p role="alert" className="w-full font-semibold text-danger-700">
          {intl.formatMessage({ id: 'appointments.calendar.failed' })}
        </p>
      ) : null}
    </>
  );
}
