import type { Agreement, AgreementProperty } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { SERVICE_NAMES } from '../../../entities/service-names';
import { formatCalendarDate, localeOf } from '../../../lib/dates';
import { agreementDocumentPath, useAgreementDownload } from '../api/download-agreement';
import { useAgreement } from '../api/get-agreement';
import { money, monthName } from '../utils/ramp-words';
import { NoAgreement } from './overview-page';
import { LoadFailure, TechAmenitiesNav } from './tech-amenities-nav';

/**
 * `/property-contract-details` (spec §2.1, flag `techAmenitiesPropertyHome`; issue 22 item 6, wider-portal.md §10): the
 * bulk agreement, read-only: its term and renewal, per property the units contracted, the services with their rates,
 * this month's ramp and the month it is fully billed, and the agreement as a PDF in the reader's language.
 */
export function ContractDetailsPage() {
  const intl = useIntl();
  const query = useAgreement();
  const agreement = query.data?.agreement;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.propertyContractDetails' })}</h1>
      <TechAmenitiesNav />
      {query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : !query.data ? (
        <ListSkeleton rows={4} label={intl.formatMessage({ id: 'techAmenities.loading' })} />
      ) : !agreement ? (
        <NoAgreement />
      ) : (
        <div className="grid gap-6">
          <AgreementTerms agreement={agreement} />
          <section className="min-w-0">
            <PropertiesTable properties={agreement.properties} />
          </section>
        </div>
      )}
    </div>
  );
}

function AgreementTerms({ agreement: a }: { agreement: Agreement }) {
  const intl = useIntl();
  const lang = localeOf(intl);
  const download = useAgreementDownload();
  const date = (iso: string) => formatCalendarDate(intl, iso);
  const facts: [string, string][] = [
    [
      intl.formatMessage({ id: 'techAmenities.contract.term' }),
      intl.formatMessage(
        { id: 'techAmenities.contract.termValue' },
        { start: date(a.termStart), end: date(a.termEnd), months: a.termMonths },
      ),
    ],
    [
      intl.formatMessage({ id: 'techAmenities.contract.termMonth' }),
      a.termMonth === null
        ? intl.formatMessage({ id: 'techAmenities.contract.outsideTerm' })
        : intl.formatMessage(
            { id: 'techAmenities.contract.termMonthValue' },
            { month: a.termMonth, months: a.termMonths },
          ),
    ],
    [
      intl.formatMessage({ id: 'techAmenities.contract.renewal' }),
      a.renewal.autoRenews
        ? intl.formatMessage(
            { id: 'techAmenities.contract.renewsAutomatically' },
            { date: date(a.renewal.date), months: a.renewal.termMonths },
          )
        : intl.formatMessage({ id: 'techAmenities.contract.endsUnlessRenewed' }, { date: date(a.renewal.date) }),
    ],
    [
      intl.formatMessage({ id: 'techAmenities.contract.notice' }),
      intl.formatMessage(
        { id: 'techAmenities.contract.noticeValue' },
        { days: a.renewal.noticeDays, date: date(a.renewal.noticeBy) },
      ),
    ],
    [intl.formatMessage({ id: 'techAmenities.contract.units' }), intl.formatNumber(a.unitsContracted)],
    [intl.formatMessage({ id: 'techAmenities.contract.thisMonth' }), money(intl, a.thisMonthCents)],
    [intl.formatMessage({ id: 'techAmenities.contract.fullMonth' }), money(intl, a.fullMonthCents)],
  ];
  return (
    <section aria-labelledby="agreement-terms" className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="agreement-terms" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'techAmenities.contract.title' }, { reference: a.reference })}
          </h2>
          <p className="mt-1 text-ink-muted">{intl.formatMessage({ id: 'techAmenities.contract.intro' })}</p>
        </div>
        <a
          href={agreementDocumentPath(lang)}
          download={`bulk-agreement-${a.reference}.pdf`}
          aria-disabled={download.isPending || undefined}
          className={SECONDARY_BUTTON}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            if (!download.isPending) download.mutate({ reference: a.reference, lang });
          }}
        >
          <span aria-hidden="true">↓</span>
          {intl.formatMessage({ id: 'techAmenities.contract.download' })}
        </a>
      </div>
      {download.isError ? (
        <p role="alert" className="mt-3 font-semibold text-danger-700">
          {intl.formatMessage({ id: 'techAmenities.contract.downloadFailed' })}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-1.5 md:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PropertiesTable({ properties }: { properties: readonly AgreementProperty[] }) {
  const intl = useIntl();
  const labels = {
    property: intl.formatMessage({ id: 'techAmenities.contract.property' }),
    units: intl.formatMessage({ id: 'techAmenities.contract.unitsContracted' }),
    services: intl.formatMessage({ id: 'techAmenities.contract.services' }),
    rate: intl.formatMessage({ id: 'techAmenities.contract.rate' }),
    ramp: intl.formatMessage({ id: 'techAmenities.contract.ramp' }),
    monthly: intl.formatMessage({ id: 'techAmenities.contract.monthly' }),
  };
  const columns = [
    { label: labels.property },
    { label: labels.units, align: 'end' as const },
    { label: labels.services },
    { label: labels.rate, align: 'end' as const },
    { label: labels.ramp },
    { label: labels.monthly, align: 'end' as const },
  ];
  return (
    <ResponsiveTable caption={intl.formatMessage({ id: 'techAmenities.contract.caption' })} columns={columns}>
      {properties.map((property) => (
        <ResponsiveRow key={property.id}>
          <ResponsiveCell label={labels.property}>
            <span className="font-semibold text-ink">{property.name}</span>
            <span className="block text-sm text-ink-muted">
              {property.address.line1}, {property.address.city}, {property.address.state} {property.address.zip}
            </span>
          </ResponsiveCell>
          <ResponsiveCell label={labels.units} align="end">
            {intl.formatNumber(property.unitsContracted)}
          </ResponsiveCell>
          <ResponsiveCell label={labels.services}>
            <ul>
              {property.services.map((each) => (
                <li key={each.service}>
                  {intl.formatMessage(
                    { id: 'techAmenities.contract.serviceRate' },
                    {
                      service: intl.formatMessage({ id: SERVICE_NAMES[each.service] }),
                      rate: money(intl, each.rateCents),
                    },
                  )}
                </li>
              ))}
            </ul>
          </ResponsiveCell>
          <ResponsiveCell label={labels.rate} align="end">
            {money(intl, property.rateCents)}
          </ResponsiveCell>
          <ResponsiveCell label={labels.ramp}>
            {intl.formatMessage(
              { id: 'techAmenities.contract.rampValue' },
              { ramp: intl.formatNumber(property.rampUnits), contracted: intl.formatNumber(property.unitsContracted) },
            )}
            <span className="block text-sm text-ink-muted">
              {property.fullFrom
                ? intl.formatMessage(
                    { id: 'techAmenities.contract.fullFrom' },
                    { month: monthName(intl, property.fullFrom) },
                  )
                : intl.formatMessage({ id: 'techAmenities.contract.neverFull' })}
            </span>
          </ResponsiveCell>
          <ResponsiveCell label={labels.monthly} align="end">
            {money(intl, property.fullMonthCents)}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
