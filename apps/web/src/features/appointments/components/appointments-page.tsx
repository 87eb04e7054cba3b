import { Link, useSearch } from '@tanstack/react-router';
import { AppError } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { useAppointment, useAppointments } from '../api/appointments-api';
import { VisitCard } from './visit-card';

// the area's pages are one lazy chunk (ADR 012): the tracking page shares the card, its panels and the messages
export { TrackingPage } from './tracking-page';

/**
 * `/service-appointments` (issue 20 item 2, wider-portal.md §7): the account's technician visits, the latest window
 * first, a keyset page at a time, each with its status, window, technician and what the reader may do with it.
 */
export function AppointmentsPage() {
  const intl = useIntl();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const visits = useAppointments(cursor);
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.serviceAppointments' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'appointments.intro' })}</p>
      {visits.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="appointments.errors.load.title"
          bodyId="appointments.errors.load.body"
          onRetry={() => void visits.refetch()}
          isRetrying={visits.isFetching}
        />
      ) : !visits.data ? (
        <div className="mt-6">
          <ListSkeleton rows={2} label={intl.formatMessage({ id: 'appointments.loading' })} />
        </div>
      ) : visits.data.items.length === 0 ? (
        <div className={`${CARD} mt-6`}>
          <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'appointments.empty.title' })}</h2>
          <p className="mt-2 text-ink">{intl.formatMessage({ id: 'appointments.empty.body' })}</p>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-6">
            {visits.data.items.map((visit) => (
              <li key={visit.id}>
                <VisitCard visit={visit} />
              </li>
            ))}
          </ul>
          <KeysetPager
            labelId="appointments.pages"
            previousCursor={visits.data.previousCursor}
            nextCursor={visits.data.nextCursor}
            onPage={setCursor}
            isBusy={visits.isPlaceholderData}
          />
        </>
      )}
    </div>
  );
}

/** `/appointment-tracking/reschedule-appointment?appointmentId=…` (spec §2.1): one visit, its new time being chosen. */
export function RescheduleVisitPage() {
  const { appointmentId = '' } = useSearch({ from: '/appointment-tracking/reschedule-appointment' });
  return <VisitPage id={appointmentId} titleId="pages.rescheduleAppointment" panel="reschedule" />;
}

/** `/appointment-tracking/cancel-appointment?appointmentId=…` (spec §2.1): one visit, its cancellation open. */
export function CancelVisitPage() {
  const { appointmentId = '' } = useSearch({ from: '/appointment-tracking/cancel-appointment' });
  return <VisitPage id={appointmentId} titleId="pages.cancelAppointment" panel="cancel" />;
}

/**
 * One of the account's visits with a change's panel open (a reminder's or another page's link); a visit that can no
 * longer change shows as it is, and one that is not the account's (or no id) sends the reader to the list.
 */
function VisitPage({
  id,
  titleId,
  panel,
}: {
  id: string;
  titleId: 'pages.rescheduleAppointment' | 'pages.cancelAppointment';
  panel: 'reschedule' | 'cancel';
}) {
  const intl = useIntl();
  const visit = useAppointment(id);
  const missing = id === '' || (visit.isError && AppError.is(visit.error) && visit.error.code === 'NOT_FOUND');
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      {missing ? (
        <div className={`${CARD} mt-6`}>
          <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'appointments.missing.title' })}</h2>
          <p className="mt-2 text-ink">{intl.formatMessage({ id: 'appointments.missing.body' })}</p>
          <p className="mt-4">
            <Link to="/service-appointments" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'appointments.missing.list' })}
            </Link>
          </p>
        </div>
      ) : visit.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="appointments.errors.load.title"
          bodyId="appointments.errors.load.body"
          onRetry={() => void visit.refetch()}
          isRetrying={visit.isFetching}
        />
      ) : !visit.data ? (
        <div className="mt-6">
          <ListSkeleton rows={1} label={intl.formatMessage({ id: 'appointments.loading' })} />
        </div>
      ) : (
        <div className="mt-6">
          <VisitCard visit={visit.data} initialPanel={panel} />
          <p className="mt-4">
            <Link to="/service-appointments" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'appointments.missing.list' })}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
