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
      <FilterSelect
        id={`${id}-occupancy`}
        label={t('community.units.filter.occupancy')}
        all={all}
        value={filter.occupancy}
        options={UNIT_OCCUPANCIES.map((each) => [each, t(OCCUPANCY_NAMES[each])] as const)}
        onChange={(occupancy) => onChange({ ...filter, occupancy })}
      />
      <FilterSelect
        id={`${id}-access`}
        label={t('community.units.filter.access')}
        all={all}
        value={filter.access}
        options={UNIT_ACCESS.map((each) => [each, t(ACCESS_BADGES[each].id)] as const)}
        onChange={(access) => onChange({ ...filter, access })}
      />
    </fieldset>
  );
}

/** One filter: "all" (no value) or one of `options` ([value, words]). */
function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  all: string;
  value: T | undefined;
  options: readonly (readonly [T, string])[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={LABEL}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={`${INPUT} w-48`}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(props.options.find(([each]) => each === event.target.value)?.[0])}
      >
        <option value="">{props.all}</option>
        {props.options.map(([each, words]) => (
          <option key={each} value={each}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}
