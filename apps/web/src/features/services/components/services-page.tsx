import { Link } from '@tanstack/react-router';
import type { ServiceSummary } from '@vireo/shared';
import { type ReactNode, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, NOTICE, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { SERVICE_NAMES } from '../../../entities/service-names';
import type { MessageId } from '../../../messages';
import { useServices, useValueAddedServices, type ValueAddedService } from '../api/services-api';
import { DeviceItem } from './device-item';
import { ManageLabel, placeValueAddedServices, ValueAddedServicesSection, VasLink } from './value-added-services';

const SERVICE_STATUSES: Record<ServiceSummary['status'], MessageId> = {
  Active: 'services.status.active',
  Assigned: 'services.status.assigned',
  Unassigned: 'services.status.unassigned',
  Undefined: 'services.status.undefined',
};

type ServiceCardProps = {
  service: ServiceSummary;
  /** The value-added service that leads to this service's own page (spec §3): its "Manage" link. */
  manage?: ValueAddedService;
  onRenamed: (message: string) => void;
  /** The service page's ways onward (change the speed, the voice manager's pages). */
  children?: ReactNode;
};

function ServiceCard({ service, manage, onRenamed, children }: ServiceCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const equipmentId = useId();
  const name = intl.formatMessage({ id: SERVICE_NAMES[service.key] });
  return (
    <section aria-labelledby={titleId} className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className={SECTION_TITLE}>
          {name}
        </h2>
        <p className="text-sm font-semibold text-ink-muted">
          {intl.formatMessage({ id: SERVICE_STATUSES[service.status] })}
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 md:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink">{intl.formatMessage({ id: 'services.plan' })}</dt>
        <dd className="text-ink">
          {service.plans.length > 0 ? service.plans.join(', ') : intl.formatMessage({ id: 'services.plan.none' })}
        </dd>
        {service.lineCount !== null ? (
          <>
            <dt className="font-semibold text-ink">{intl.formatMessage({ id: 'services.lines' })}</dt>
            <dd className="text-ink">
              {intl.formatMessage({ id: 'services.lines.count' }, { count: service.lineCount })}
            </dd>
          </>
        ) : null}
      </dl>
      <h3 id={equipmentId} className="mt-5 font-semibold text-navy-900">
        {intl.formatMessage({ id: 'services.equipment' })}
      </h3>
      {service.equipment.length === 0 ? (
        <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'services.equipment.none' })}</p>
      ) : (
        <ul aria-labelledby={equipmentId} className="mt-2 divide-y divide-line rounded-lg border border-line">
          {service.equipment.map((device) => (
            <DeviceItem key={device.id} device={device} onRenamed={onRenamed} />
          ))}
        </ul>
      )}
      {manage ? (
        <p className="mt-5">
          <VasLink service={manage}>
            <ManageLabel name={name} />
          </VasLink>
        </p>
      ) : null}
      {children}
    </section>
  );
}

/**
 * `/services` (issue 19 item 1, wider-portal.md §5): each of the account's services with the plans billed for it,
 * its lines and its equipment, online or offline; devices renamed in place where spec §5 allows; then the account's
 * value-added services (spec §3), those that lead to a core service's page as that card's "Manage" link. Without the
 * value-added services (their call failed) the page is the same less those links. The route table gives the page its
 * guards (sign-in, TDCS) and title.
 */
export function ServicesPage() {
  const intl = useIntl();
  const services = useServices();
  const valueAdded = useValueAddedServices();
  const [announcement, setAnnouncement] = useState('');
  const data = services.data;
  const address = data?.serviceAddress;
  const placed = placeValueAddedServices(
    valueAdded.data ?? [],
    (data?.services ?? []).map((service) => service.key),
  );
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.services' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'services.intro' })}</p>
      {address ? (
        <p className="mt-2 text-ink">
          {intl.formatMessage(
            { id: 'services.address' },
            { address: `${address.addressLine1}, ${address.city}, ${address.state} ${address.zip}` },
          )}
        </p>
      ) : null}
      <p role="status" className="mt-4 text-ink empty:hidden">
        {announcement}
      </p>
      {services.isPending ? (
        <ListSkeleton label={intl.formatMessage({ id: 'services.loading' })} />
      ) : services.isError || !data ? (
        <>
          <ErrorNotice className="mt-6" titleId="services.errors.load.title" bodyId="services.errors.load.body" />
          <div className="mt-8 empty:hidden">
            <ValueAddedServicesSection services={placed.cards} />
          </div>
        </>
      ) : (
        <div className="mt-6 space-y-6">
          {data.deviceStatusAvailable ? null : (
            <p className={NOTICE}>{intl.formatMessage({ id: 'services.statusUnavailable' })}</p>
          )}
          {data.services.length === 0 ? (
            <p>{intl.formatMessage({ id: 'services.none' })}</p>
          ) : (
            data.services.map((service) => (
              <ServiceCard
                key={service.key}
                service={service}
                manage={placed.manage[service.key]}
                onRenamed={setAnnouncement}
              />
            ))
          )}
          <ValueAddedServicesSection services={placed.cards} />
        </div>
      )}
    </div>
  );
}

type ProductKey = 'INTERNET' | 'VIDEO' | 'VOICE';

/** Where a service's page leads (issue 19: change of service, the voice manager). */
const PRODUCT_LINKS = {
  INTERNET: [
    { to: '/upgrade', labelId: 'services.product.changeSpeed' },
    { to: '/services/internet/speed-test', labelId: 'services.product.speedTest' },
  ],
  VIDEO: [{ to: '/buy', labelId: 'services.product.shop' }],
  VOICE: [
    { to: '/voice/messages', labelId: 'pages.voiceMessages' },
    { to: '/voice/call-logs', labelId: 'pages.callLogs' },
    { to: '/voice/manage-lines', labelId: 'pages.manageLines' },
    { to: '/services/voice/call-forwarding', labelId: 'pages.callForwarding' },
    { to: '/services/voice/call-guard', labelId: 'pages.callGuard' },
  ],
} as const satisfies Record<ProductKey, readonly { to: string; labelId: MessageId }[]>;

/** Without the service: what the page offers instead (TV can be ordered here; internet and phone by a call). */
const PRODUCT_MISSING: Record<ProductKey, { bodyId: MessageId; to?: string; labelId?: MessageId }> = {
  INTERNET: { bodyId: 'services.product.noInternet' },
  VIDEO: { bodyId: 'services.product.noTv', to: '/buy', labelId: 'services.product.addTv' },
  VOICE: { bodyId: 'services.product.noPhone' },
};

/**
 * A service's own page (`/services/internet`, `/services/tv` and `/tv`, `/services/voice`; issue 19): the service as
 * `/services` shows it (plans, lines, equipment, renamed in place) and where to go from it, or, without it, how to get it.
 */
function ProductPage({ serviceKey, titleId }: { serviceKey: ProductKey; titleId: MessageId }) {
  const intl = useIntl();
  const services = useServices();
  const [announcement, setAnnouncement] = useState('');
  const service = services.data?.services.find((each) => each.key === serviceKey);
  const missing = PRODUCT_MISSING[serviceKey];
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      <p role="status" className="mt-4 text-ink empty:hidden">
        {announcement}
      </p>
      {services.isPending ? (
        <ListSkeleton label={intl.formatMessage({ id: 'services.loading' })} />
      ) : services.isError ? (
        <ErrorNotice className="mt-6" titleId="services.errors.load.title" bodyId="services.errors.load.body" />
      ) : service ? (
        <div className="mt-6">
          <ServiceCard service={service} onRenamed={setAnnouncement}>
            <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2">
              {PRODUCT_LINKS[serviceKey].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={TEXT_LINK}>
                    {intl.formatMessage({ id: link.labelId })}
                  </Link>
                </li>
              ))}
            </ul>
          </ServiceCard>
        </div>
      ) : (
        <div className={`mt-6 ${CARD}`}>
          <p>{intl.formatMessage({ id: missing.bodyId })}</p>
          {missing.to && missing.labelId ? (
            <Link to={missing.to} className={`mt-3 inline-block ${TEXT_LINK}`}>
              {intl.formatMessage({ id: missing.labelId })}
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}

export const InternetPage = () => <ProductPage serviceKey="INTERNET" titleId="pages.internet" />;
export const TvPage = () => <ProductPage serviceKey="VIDEO" titleId="pages.tv" />;
export const VoiceServicePage = () => <ProductPage serviceKey="VOICE" titleId="pages.voice" />;
