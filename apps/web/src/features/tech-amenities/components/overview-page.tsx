import { Link } from '@tanstack/react-router';
import type { PropertyRampSummary } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { useRampLedger } from '../api/get-ramp-ledger';
import { money, monthName } from '../utils/ramp-words';
import { Figure } from './ramp-months-table';
import { BillingUnavailableNotice, LoadFailure, TechAmenitiesNav } from './tech-amenities-nav';

/** `/manage` (spec §2.1, flag `techAmenitiesMfe`): the tech amenities of each property this month. */
export function ManagePropertiesPage() {
  return <AmenitiesOverview titleId="pages.manageProperties" />;
}

/** `/tech-amenities-stub` (spec §2.1): the same overview, without the flag. */
export function TechAmenitiesPage() {
  return <AmenitiesOverview titleId="pages.techAmenities" />;
}

/**
 * The tech amenities' overview (issue 22 item 6, wider-portal.md §10): a card per property of the bulk agreement with
 * this month's ramp, units billed, units activated, the bill and the flags' counts (highlighted when any), and a link
 * to the property's ramp ledger.
 */
function AmenitiesOverview({ titleId }: { titleId: MessageId }) {
  const intl = useIntl();
  const ledger = useRampLedger();
  const data = ledger.data;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'techAmenities.overview.intro' })}</p>
      <TechAmenitiesNav />
      {ledger.isError ? (
        <LoadFailure onRetry={() => void ledger.refetch()} isRetrying={ledger.isFetching} />
      ) : !data ? (
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'techAmenities.loading' })} />
      ) : data.properties.length === 0 ? (
        <NoAgreement />
      ) : (
        <>
          {data.billing === 'unavailable' ? <BillingUnavailableNotice /> : null}
          <h2 className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'techAmenities.overview.thisMonth' }, { month: monthName(intl, data.month) })}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.properties.map((property) => (
              <li key={property.id} className="flex">
                <PropertyCard property={property} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The account has no bulk agreement on record (or it covers no property). */
export function NoAgreement() {
  const intl = useIntl();
  return (
    <div className={CARD}>
      <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'techAmenities.empty.title' })}</h2>
      <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'techAmenities.empty.body' })}</p>
    </div>
  );
}

function PropertyCard({ property }: { property: PropertyRampSummary }) {
  const intl = useIntl();
  const count = (value: number) => intl.formatNumber(value);
  const facts: [MessageId, number | null, (value: number) => string, boolean][] = [
    ['techAmenities.summary.ramp', property.rampUnits, count, false],
    ['techAmenities.summary.contracted', property.unitsContracted, count, false],
    ['techAmenities.summary.billed', property.billedUnits, count, false],
    ['techAmenities.summary.activated', property.activatedUnits, count, false],
    ['techAmenities.summary.bill', property.amountCents, (cents) => money(intl, cents), false],
    ['techAmenities.summary.billedNotActive', property.billedNotActive, count, (property.billedNotActive ?? 0) > 0],
    ['techAmenities.summary.activeNotBilled', property.activeNotBilled, count, (property.activeNotBilled ?? 0) > 0],
  ];
  const headingId = `amenities-${property.id}`;
  return (
    <article aria-labelledby={headingId} className={`${CARD} flex w-full flex-col`}>
      <h3 id={headingId} className={SECTION_TITLE}>
        {property.name}
      </h3>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        {facts.map(([labelId, value, format, alert]) => (
          <div key={labelId} className="contents">
            <dt className="text-ink-muted">{intl.formatMessage({ id: labelId })}</dt>
            <dd className={`text-right tabular-nums ${alert ? 'font-semibold text-danger-700' : 'text-ink'}`}>
              <Figure value={value} format={format} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto pt-4">
        <Link
          to="/manage/unit-ramp-billing"
          search={{ propertyId: property.id }}
          className={TEXT_LINK}
          aria-label={intl.formatMessage({ id: 'techAmenities.overview.ledgerOf' }, { name: property.name })}
        >
          {intl.formatMessage({ id: 'techAmenities.overview.ledger' })}
        </Link>
      </p>
    </article>
  );
}
