import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { SERVICE_NAMES } from '../../../entities/service-names';
import type { MessageId } from '../../../messages';
import { type PropertySummary, usePortfolio } from '../api/get-portfolio';

/**
 * `/community` (issue 22 item 2, wider-portal.md §10): the property manager's portfolio, one card per property with
 * its occupancy, residents' access, services, open visits and outages, and a link to its units. The route table
 * gives the page its access (`community.view`: an account with a bulk agreement) and title.
 */
export function PortfolioPage() {
  const intl = useIntl();
  const portfolio = usePortfolio();
  const properties = portfolio.data?.properties;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.community' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'community.intro' })}</p>
      {portfolio.data?.canManage ? (
        <p className="mt-3">
          <Link to="/community/import-residents" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'community.import.link' })}
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        {portfolio.isError ? (
          <ErrorNotice
            titleId="community.errors.load.title"
            bodyId="community.errors.load.body"
            onRetry={() => void portfolio.refetch()}
            isRetrying={portfolio.isFetching}
          />
        ) : !properties ? (
          <ListSkeleton rows={3} label={intl.formatMessage({ id: 'community.loading' })} />
        ) : properties.length === 0 ? (
          <div className={CARD}>
            <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'community.empty.title' })}</h2>
            <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'community.empty.body' })}</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {properties.map((property) => (
              <li key={property.id} className="flex">
                <PropertyCard property={property} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PropertyCard({ property }: { property: PropertySummary }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const count = (value: number) => intl.formatNumber(value);
  const { address } = property;
  const occupancy = intl.formatMessage(
    { id: 'community.property.occupancyValue' },
    {
      percent: intl.formatNumber(property.units === 0 ? 0 : property.occupied / property.units, { style: 'percent' }),
      occupied: count(property.occupied),
      units: count(property.units),
    },
  );
  const facts: [MessageId, string, boolean?][] = [
    ['community.property.units', count(property.units)],
    ['community.property.occupancy', occupancy],
    ['community.property.vacant', count(property.vacant)],
    ['community.property.suspended', count(property.suspended)],
    ['community.property.inactive', count(property.inactive)],
    [
      'community.property.services',
      property.services.length === 0
        ? t('community.property.noServices')
        : intl.formatList(property.services.map((key) => t(SERVICE_NAMES[key]))),
    ],
    ['community.property.openVisits', count(property.openVisits)],
    ['community.property.outages', count(property.outages), property.outages > 0],
  ];
  return (
    <article aria-labelledby={`property-${property.id}`} className={`${CARD} flex w-full flex-col`}>
      <h2 id={`property-${property.id}`} className={SECTION_TITLE}>
        {property.name}
      </h2>
      <p className="mt-1 text-ink-muted">
        {address.line1}, {address.city}, {address.state} {address.zip}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {facts.map(([labelId, value, alert]) => (
          <div key={labelId} className="contents">
            <dt className="text-ink-muted">{t(labelId)}</dt>
            <dd className={alert ? 'font-semibold text-danger-700' : 'text-ink'}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto pt-4">
        <Link
          to="/community/properties/$propertyId"
          params={{ propertyId: property.id }}
          className={TEXT_LINK}
          aria-label={intl.formatMessage({ id: 'community.property.viewUnitsOf' }, { name: property.name })}
        >
          {t('community.property.viewUnits')}
        </Link>
      </p>
    </article>
  );
}
