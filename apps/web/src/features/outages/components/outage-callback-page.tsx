import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { useOutageLocations } from '../api/outage-care-api';
import { CallbackForm } from './callback-form';
import { LocationOutageCard } from './location-outages';

/**
 * `/outage-callback` (issue 20 items 7-8, wider-portal.md §8; spec §2.1, signed in): each of the account's locations
 * with the outages there (under way, and over in the last 60 days with their credit and letter), and the user's
 * callbacks: an e-mail or a text told once when an outage at the location is over.
 */
export function OutageCallbackPage() {
  const intl = useIntl();
  const locations = useOutageLocations();
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.outageCallback' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        {intl.formatMessage(
          { id: 'outages.care.intro' },
          {
            map: (words) => (
              <Link to="/outage-map" className={TEXT_LINK}>
                {words}
              </Link>
            ),
          },
        )}
      </p>
      {locations.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="outages.care.errors.load.title"
          bodyId="outages.errors.load.body"
          onRetry={() => void locations.refetch()}
          isRetrying={locations.isFetching}
        />
      ) : !locations.data ? (
        <div className="mt-6">
          <ListSkeleton rows={2} label={intl.formatMessage({ id: 'outages.care.loading' })} />
        </div>
      ) : locations.data.length === 0 ? (
        <div className={`${CARD} mt-6`}>
          <p className="text-ink">{intl.formatMessage({ id: 'outages.care.noLocation' })}</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6">
          {locations.data.map((location) => (
            <li key={location.addressId}>
              <section aria-labelledby={`location-${location.addressId}`} className={CARD}>
                <h2 id={`location-${location.addressId}`} className="text-xl font-semibold text-navy-900">
                  {location.label}
                </h2>
                {location.outages.length === 0 ? (
                  <p className="mt-2 text-ink">{intl.formatMessage({ id: 'outages.care.none' })}</p>
                ) : (
                  <ul className="mt-3 grid gap-3" aria-label={intl.formatMessage({ id: 'outages.care.outages' })}>
                    {location.outages.map((outage) => (
                      <li key={outage.reference}>
                        <LocationOutageCard outage={outage} timeZone={location.timeZone} />
                      </li>
                    ))}
                  </ul>
                )}
                <CallbackForm location={location} />
              </section>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
