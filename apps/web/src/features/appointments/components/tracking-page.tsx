import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AppError } from '@vireo/shared';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { formatInstantIn } from '../../../lib/dates';
import { type TrackedVisit, useTrackedVisit, verifyZip } from '../api/tracking-api';
import { type TrackingLink, TrackingLinkContext } from '../api/visit-access';
import { VisitCard } from './visit-card';

/**
 * `/appointment-tracking?token=…` (issue 20 item 3, wider-portal.md §7), open without sign-in: the visit a tracking
 * link names, with its status and the technician's ETA. Confirming, moving or cancelling it there first asks for the
 * service address's ZIP, and each is a button (a POST), never a link. Every answer renews the link for the visit's
 * day; the address bar gets the renewed one, so a reload after a move still works.
 */
export function TrackingPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { token: linked = '' } = useSearch({ from: '/appointment-tracking' });
  const [token, setToken] = useState(linked);
  const [zip, setZip] = useState<string | null>(null);
  const tracked = useTrackedVisit(token);

  const onTracked = useCallback(
    (next: TrackedVisit) => {
      setToken(next.token);
      void navigate({ to: '/appointment-tracking', search: { token: next.token }, replace: true });
    },
    [navigate],
  );
  const link = useMemo<TrackingLink>(
    () => ({
      token,
      zip,
      verify: async (value) => {
        await verifyZip(token, value);
        setZip(value);
      },
      onTracked,
    }),
    [token, zip, onTracked],
  );

  const refusal = tracked.error && AppError.is(tracked.error) ? tracked.error.code : null;
  return (
    <div className={PAGE}>
      {token === '' || refusal === 'LINK_UNKNOWN' || refusal === 'VALIDATION_FAILED' ? (
        <LinkProblem kind="unknown" />
      ) : refusal === 'LINK_EXPIRED' ? (
        <LinkProblem kind="expired" />
      ) : tracked.isError ? (
        <>
          <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.appointmentTracking' })}</h1>
          <ErrorNotice
            className="mt-6"
            titleId="appointments.errors.load.title"
            bodyId="appointments.errors.load.body"
            onRetry={() => void tracked.refetch()}
            isRetrying={tracked.isFetching}
          />
        </>
      ) : !tracked.data ? (
        <>
          <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.appointmentTracking' })}</h1>
          <div className="mt-6">
            <ListSkeleton rows={1} label={intl.formatMessage({ id: 'appointments.loading' })} />
          </div>
        </>
      ) : (
        <>
          <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
            {intl.formatMessage({ id: 'pages.appointmentTracking' })}
          </p>
          <TrackingLinkContext.Provider value={link}>
            <div className="mt-2">
              <VisitCard visit={tracked.data.visit} headingLevel={1} />
            </div>
          </TrackingLinkContext.Provider>
          <p className="mt-4 max-w-3xl text-sm text-ink-muted">
            {intl.formatMessage(
              { id: 'appointments.tracking.until' },
              {
                day: formatInstantIn(
                  intl,
                  new Date(new Date(tracked.data.expiresAt).getTime() - 60_000),
                  'fullDate',
                  tracked.data.visit.timeZone,
                ),
              },
            )}{' '}
            <Link to="/login" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'appointments.tracking.signIn' })}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** An expired link, or one that names no visit: what happened, and the way on (sign in). */
function LinkProblem({ kind }: { kind: 'expired' | 'unknown' }) {
  const intl = useIntl();
  return (
    <>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.appointmentTracking' })}</h1>
      <section aria-labelledby="tracking-problem" className={`${CARD} mt-6 max-w-2xl`}>
        <h2 id="tracking-problem" className={SECTION_TITLE}>
          {intl.formatMessage({ id: `appointments.tracking.${kind}.title` })}
        </h2>
        <p className="mt-2 text-ink">{intl.formatMessage({ id: `appointments.tracking.${kind}.body` })}</p>
        <p className="mt-4">
          <Link to="/login" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'appointments.tracking.signIn' })}
          </Link>
        </p>
      </section>
    </>
  );
}
