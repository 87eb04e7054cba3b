import type { AddressCheckResponse } from '@vireo/shared';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { useOutages } from '../api/outages-api';
import { AddressCheck } from './address-check';
import { EventCard } from './event-card';

// the picture loads after the list, in a chunk of its own (Leaflet and the bundled territory)
const OutageMapView = lazy(() => import('./outage-map-view'));

/**
 * `/outage-map` (issue 20 item 5, wider-portal.md §8; spec §2.1: open): the list first and complete without the map
 * (each outage and planned maintenance with its stage and the stages so far, estimate and confidence), "is my address
 * affected?", then the map of the same areas, hidden from screen readers with a note that it adds nothing to the list.
 */
export function OutageMapPage() {
  const intl = useIntl();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [checked, setChecked] = useState<AddressCheckResponse | null>(null);
  const events = useOutages(cursor);
  const items = events.data?.items ?? [];
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.outageMap' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'outages.map.intro' })}</p>
      <div className="mt-6">
        <AddressCheck onResult={setChecked} />
      </div>
      <div className="mt-6 grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="outage-list-title">
          <h2 id="outage-list-title" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'outages.list.title' })}
          </h2>
          <p role="status" className="mt-1 text-ink-muted">
            {events.data ? intl.formatMessage({ id: 'outages.list.count' }, { count: items.length }) : ''}
          </p>
          {events.isError ? (
            <ErrorNotice
              className="mt-4"
              titleId="outages.errors.load.title"
              bodyId="outages.errors.load.body"
              onRetry={() => void events.refetch()}
              isRetrying={events.isFetching}
            />
          ) : !events.data ? (
            <div className="mt-4">
              <ListSkeleton rows={2} label={intl.formatMessage({ id: 'outages.list.loading' })} />
            </div>
          ) : items.length === 0 ? (
            <div className={`${CARD} mt-4`}>
              <p className="text-ink">{intl.formatMessage({ id: 'outages.list.none' })}</p>
            </div>
          ) : (
            <>
              <ul className="mt-4 grid gap-4">
                {items.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} affected={checked?.affectedBy.includes(event.reference) ?? false} />
                  </li>
                ))}
              </ul>
              <KeysetPager
                labelId="outages.list.pages"
                previousCursor={events.data.previousCursor}
                nextCursor={events.data.nextCursor}
                onPage={setCursor}
                isBusy={events.isPlaceholderData}
              />
            </>
          )}
        </section>
        <div className="xl:sticky xl:top-4">
          <p className="mb-2 text-sm text-ink-muted">{intl.formatMessage({ id: 'outages.map.note' })}</p>
          {events.data ? (
            <Suspense fallback={<div className="h-80 rounded-md border border-line bg-surface-muted xl:min-h-96" />}>
              <OutageMapView events={items} label={intl.formatMessage({ id: 'outages.map.label' })} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </div>
  );
}

// `/outage-callback` shares the area's chunk (one lazy chunk per area: ADR 012)
export { OutageCallbackPage } from './outage-callback-page';
