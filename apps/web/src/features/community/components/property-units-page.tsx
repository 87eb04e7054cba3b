import { Link, useParams } from '@tanstack/react-router';
import { UNIT_ACCESS, UNIT_OCCUPANCIES } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import {
  CARD,
  INPUT,
  LABEL,
  PAGE,
  PAGE_TITLE,
  SECONDARY_BUTTON,
  SECTION_TITLE,
  TEXT_LINK,
} from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import type { UnitsFilter } from '../api/community-keys';
import { useUnits } from '../api/get-units';
import { ACCESS_BADGES, OCCUPANCY_NAMES } from '../utils/community-words';
import { UnitsTable } from './units-table';

/**
 * `/community/properties/$propertyId` (issue 22 item 3, wider-portal.md §10; not a spec path, so its address is ours):
 * one property's units and residents, filtered by occupancy and service access, a keyset page at a time ("Show
 * more" appends the next page while there is one). The route table gives it the portfolio's access
 * (`community.view`); another account's property answers not found, shown as the load's failure.
 */
export function PropertyUnitsPage() {
  const intl = useIntl();
  const { propertyId } = useParams({ from: '/community/properties/$propertyId' });
  const [filter, setFilter] = useState<UnitsFilter>({});
  const units = useUnits(propertyId, filter);
  const pages = units.data?.pages;
  const name = pages?.[0]?.property.name;
  const items = pages?.flatMap((page) => page.items) ?? [];
  return (
    <div className={PAGE}>
      <p>
        <Link to="/community" className={TEXT_LINK}>
          <span aria-hidden="true">← </span>
          {intl.formatMessage({ id: 'community.units.back' })}
        </Link>
      </p>
      <h1 className={`${PAGE_TITLE} mt-3`}>{name ?? intl.formatMessage({ id: 'pages.communityProperty' })}</h1>
      <UnitsFilters filter={filter} onChange={setFilter} />
      <section className="mt-6 min-w-0">
        {units.isError && !pages ? (
          <ErrorNotice
            titleId="community.units.errors.load.title"
            bodyId="community.units.errors.load.body"
            onRetry={() => void units.refetch()}
            isRetrying={units.isFetching}
          />
        ) : !pages ? (
          <ListSkeleton rows={6} label={intl.formatMessage({ id: 'community.units.loading' })} />
        ) : items.length === 0 ? (
          <div className={CARD}>
            <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'community.units.empty.title' })}</h2>
            <p className="mt-2 text-ink">{intl.formatMessage({ id: 'community.units.empty.body' })}</p>
          </div>
        ) : (
          <>
            <UnitsTable
              caption={intl.formatMessage({ id: 'community.units.caption' }, { name })}
              units={items}
              busy={units.isFetchingNextPage}
            />
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <p role="status" className="text-ink-muted">
                {intl.formatMessage({ id: 'community.units.shown' }, { count: items.length })}
              </p>
              {units.hasNextPage ? (
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  aria-disabled={units.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!units.isFetchingNextPage) void units.fetchNextPage();
                  }}
                >
                  {intl.formatMessage({ id: 'community.units.more' })}
                </button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** The two filters as labelled selects: a change asks for the first page of the filtered list. */
function UnitsFilters({ filter, onChange }: { filter: UnitsFilter; onChange: (next: UnitsFilter) => void }) {
  const intl = useIntl();
  const id = useId();
  const t = (messageId: MessageId) => intl.formatMessage({ id: messageId });
  const all = t('community.units.filter.all');
  return (
    <fieldset className="mt-6 flex flex-wrap gap-4">
      <legend className="sr-only">{t('community.units.filters')}</legend>
      <div>
        <label htmlFor={`${id}-occupancy`} className={LABEL}>
          {t('community.units.filter.occupancy')}
        </label>
        <select
          id={`${id}-occupancy`}
          className={`${INPUT} w-48`}
          value={filter.occupancy ?? ''}
          onChange={(event) => {
            const value = UNIT_OCCUPANCIES.find((each) => each === event.target.value);
            onChange({ ...filter, occupancy: value });
          }}
        >
          <option value="">{all}</option>
          {UNIT_OCCUPANCIES.map((each) => (
            <option key={each} value={each}>
              {t(OCCUPANCY_NAMES[each])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-access`} className={LABEL}>
          {t('community.units.filter.access')}
        </label>
        <select
          id={`${id}-access`}
          className={`${INPUT} w-48`}
          value={filter.access ?? ''}
          onChange={(event) => {
            const value = UNIT_ACCESS.find((each) => each === event.target.value);
            onChange({ ...filter, access: value });
          }}
        >
          <option value="">{all}</option>
          {UNIT_ACCESS.map((each) => (
            <option key={each} value={each}>
              {t(ACCESS_BADGES[each].id)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
