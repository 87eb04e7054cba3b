import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { PropertyRampLedger } from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { CARD, INPUT, LABEL, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import { type AllPropertiesRampLedger, usePropertyRampLedger, useRampLedger } from '../api/get-ramp-ledger';
import { money, monthName } from '../utils/ramp-words';
import { NoAgreement } from './overview-page';
import { RampFlags } from './ramp-flags';
import { Figure, RampMonthsTable } from './ramp-months-table';
import { BillingUnavailableNotice, LoadFailure, TechAmenitiesNav } from './tech-amenities-nav';

/**
 * `/manage/unit-ramp-billing?propertyId=` (spec §2.1, flag `techAmenitiesMfe`; issue 22 item 6, wider-portal.md §10):
 * one property's ramp ledger, the property chosen with a labelled select (none in the address: the agreement's first):
 * this month's figures, the flags, and every month of the term so far with the projected ones.
 */
export function PropertyRampPage() {
  const intl = useIntl();
  const selectId = useId();
  const navigate = useNavigate();
  const { propertyId } = useSearch({ from: '/manage/unit-ramp-billing' });
  const all = useRampLedger();
  const chosen = propertyId ?? all.data?.properties[0]?.id;
  const ledger = usePropertyRampLedger(chosen);
  const choices = all.data?.properties ?? [];
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.unitRampBilling' })}</h1>
      <TechAmenitiesNav />
      {choices.length > 0 ? (
        <div className="mb-6">
          <label htmlFor={selectId} className={LABEL}>
            {intl.formatMessage({ id: 'techAmenities.property.choose' })}
          </label>
          <select
            id={selectId}
            className={`${INPUT} w-72`}
            value={chosen ?? ''}
            onChange={(event) =>
              void navigate({ to: '/manage/unit-ramp-billing', search: { propertyId: event.target.value } })
            }
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {ledger.isError || (all.isError && !chosen) ? (
        <LoadFailure
          onRetry={() => void (ledger.isError ? ledger.refetch() : all.refetch())}
          isRetrying={ledger.isFetching || all.isFetching}
        />
      ) : all.data && !chosen ? (
        <NoAgreement />
      ) : !ledger.data ? (
        <ListSkeleton rows={6} label={intl.formatMessage({ id: 'techAmenities.loading' })} />
      ) : (
        <PropertyLedger ledger={ledger.data} />
      )}
    </div>
  );
}

function PropertyLedger({ ledger }: { ledger: PropertyRampLedger }) {
  const intl = useIntl();
  const { property } = ledger;
  if (!ledger.inAgreement) {
    return (
      <div className={CARD}>
        <h2 className={SECTION_TITLE}>{property.name}</h2>
        <p className="mt-2 text-ink">{intl.formatMessage({ id: 'techAmenities.property.outside' })}</p>
      </div>
    );
  }
  const current = ledger.months.find((month) => month.kind === 'current');
  const count = (value: number) => intl.formatNumber(value);
  const facts: [MessageId, number | null, (value: number) => string][] = current
    ? [
        ['techAmenities.summary.ramp', current.rampUnits, count],
        ['techAmenities.summary.contracted', ledger.unitsContracted, count],
        ['techAmenities.summary.billed', current.billedUnits, count],
        ['techAmenities.summary.activated', current.activatedUnits, count],
        ['techAmenities.summary.bill', current.amountCents, (cents) => money(intl, cents)],
        ['techAmenities.summary.rate', ledger.rateCents, (cents) => money(intl, cents)],
      ]
    : [];
  return (
    <div className="grid gap-6">
      {ledger.billing === 'unavailable' ? <BillingUnavailableNotice /> : null}
      <section aria-labelledby="ramp-property" className={CARD}>
        <h2 id="ramp-property" className={SECTION_TITLE}>
          {property.name}
        </h2>
        {current ? (
          <>
            <p className="mt-1 text-ink-muted">{monthName(intl, current.month)}</p>
            <dl className="mt-4 grid max-w-xl grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
              {facts.map(([labelId, value, format]) => (
                <div key={labelId} className="contents">
                  <dt className="text-ink-muted">{intl.formatMessage({ id: labelId })}</dt>
                  <dd className="text-right tabular-nums text-ink">
                    <Figure value={value} format={format} />
                  </dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </section>
      {ledger.flags ? <RampFlags flags={ledger.flags} /> : null}
      <section className="min-w-0">
        <RampMonthsTable
          caption={intl.formatMessage({ id: 'techAmenities.months.caption' }, { name: property.name })}
          months={ledger.months}
        />
      </section>
    </div>
  );
}

/**
 * `/manage/all-properties/unit-ramp-billing` (spec §2.1, flag `techAmenitiesMfe`): every property's ramp this month
 * with its flags' counts and a link to its ledger, then the months of all properties added together.
 */
export function AllPropertiesRampPage() {
  const intl = useIntl();
  const ledger = useRampLedger();
  const data = ledger.data;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.unitRampBilling' })}</h1>
      <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'techAmenities.all.intro' })}</p>
      <TechAmenitiesNav />
      {ledger.isError ? (
        <LoadFailure onRetry={() => void ledger.refetch()} isRetrying={ledger.isFetching} />
      ) : !data ? (
        <ListSkeleton rows={6} label={intl.formatMessage({ id: 'techAmenities.loading' })} />
      ) : data.properties.length === 0 ? (
        <NoAgreement />
      ) : (
        <div className="grid gap-8">
          {data.billing === 'unavailable' ? <BillingUnavailableNotice /> : null}
          <section className="min-w-0">
            <PropertiesTable ledger={data} />
          </section>
          <section className="min-w-0">
            <RampMonthsTable caption={intl.formatMessage({ id: 'techAmenities.all.months' })} months={data.months} />
          </section>
        </div>
      )}
    </div>
  );
}

function PropertiesTable({ ledger }: { ledger: AllPropertiesRampLedger }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const count = (value: number) => intl.formatNumber(value);
  const labels = {
    property: t('techAmenities.all.property'),
    ramp: t('techAmenities.months.ramp'),
    billed: t('techAmenities.months.billed'),
    activated: t('techAmenities.months.activated'),
    amount: t('techAmenities.months.amount'),
    billedNotActive: t('techAmenities.summary.billedNotActive'),
    activeNotBilled: t('techAmenities.summary.activeNotBilled'),
  };
  const columns = Object.entries(labels).map(([key, label]) => ({
    label,
    align: key === 'property' ? ('start' as const) : ('end' as const),
  }));
  const flag = (value: number | null) => (
    <span className={(value ?? 0) > 0 ? 'font-semibold text-danger-700' : undefined}>
      <Figure value={value} format={count} />
    </span>
  );
  return (
    <ResponsiveTable
      caption={intl.formatMessage({ id: 'techAmenities.all.caption' }, { month: monthName(intl, ledger.month) })}
      columns={columns}
    >
      {ledger.properties.map((property) => (
        <ResponsiveRow key={property.id}>
          <ResponsiveCell label={labels.property}>
            <Link to="/manage/unit-ramp-billing" search={{ propertyId: property.id }} className={TEXT_LINK}>
              {property.name}
            </Link>
          </ResponsiveCell>
          <ResponsiveCell label={labels.ramp} align="end">
            {intl.formatMessage(
              { id: 'techAmenities.all.rampOf' },
              { ramp: count(property.rampUnits), contracted: count(property.unitsContracted) },
            )}
          </ResponsiveCell>
          <ResponsiveCell label={labels.billed} align="end">
            <Figure value={property.billedUnits} format={count} />
          </ResponsiveCell>
          <ResponsiveCell label={labels.activated} align="end">
            {count(property.activatedUnits)}
          </ResponsiveCell>
          <ResponsiveCell label={labels.amount} align="end">
            <Figure value={property.amountCents} format={(cents) => money(intl, cents)} />
          </ResponsiveCell>
          <ResponsiveCell label={labels.billedNotActive} align="end">
            {flag(property.billedNotActive)}
          </ResponsiveCell>
          <ResponsiveCell label={labels.activeNotBilled} align="end">
            {flag(property.activeNotBilled)}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
