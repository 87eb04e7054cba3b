import { Link } from '@tanstack/react-router';
import type { ServiceSummary, ValueAddedServiceId } from '@vireo/shared';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import type { ValueAddedService } from '../api/services-api';

/** Each known value-added service id (spec §3) in words: its name and what it is, in one line. */
const VAS_TEXT: Record<ValueAddedServiceId, { name: MessageId; description: MessageId }> = {
  MIR_MIRW: { name: 'services.vas.mirMirw.name', description: 'services.vas.mirMirw.description' },
  DOMAIN: { name: 'services.vas.domain.name', description: 'services.vas.domain.description' },
  PHONE_META: { name: 'services.vas.phoneMeta.name', description: 'services.vas.phoneMeta.description' },
  PHONE: { name: 'services.vas.phone.name', description: 'services.vas.phone.description' },
  DESKTOP_SECURITY: {
    name: 'services.vas.desktopSecurity.name',
    description: 'services.vas.desktopSecurity.description',
  },
  EMAIL: { name: 'services.vas.email.name', description: 'services.vas.email.description' },
  CLOUD_BACKUP: { name: 'services.vas.cloudBackup.name', description: 'services.vas.cloudBackup.description' },
  WEB_HOSTING: { name: 'services.vas.webHosting.name', description: 'services.vas.webHosting.description' },
  HOSTED_VOICE: { name: 'services.vas.hostedVoice.name', description: 'services.vas.hostedVoice.description' },
  TV: { name: 'services.vas.tv.name', description: 'services.vas.tv.description' },
  INTERNET: { name: 'services.vas.internet.name', description: 'services.vas.internet.description' },
  VOICE: { name: 'services.vas.voice.name', description: 'services.vas.voice.description' },
  WIFI: { name: 'services.vas.wifi.name', description: 'services.vas.wifi.description' },
  DOMAIN_VAS_2_0: {
    name: 'services.vas.domainVas20.name',
    description: 'services.vas.domainVas20.description',
  },
  EMAIL_VAS_2_0: { name: 'services.vas.emailVas20.name', description: 'services.vas.emailVas20.description' },
  DESKTOP_SECURITY_VAS_2_0: {
    name: 'services.vas.desktopSecurityVas20.name',
    description: 'services.vas.desktopSecurityVas20.description',
  },
};

/** The core services' own pages: a value-added service that leads there is that card's "Manage" link. */
const CORE_PAGES: Partial<Record<ServiceSummary['key'], string>> = {
  INTERNET: '/services/internet',
  VIDEO: '/tv',
  VOICE: '/services/voice',
};

/** A redirect's path, without its query, fragment or trailing slash, to compare with a page's path. */
export function pathOf(redirect: string): string {
  const path = redirect.split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function textOf(service: ValueAddedService) {
  return VAS_TEXT[service.serviceId as ValueAddedServiceId];
}

/**
 * Sorts the value-added services for /services: the internal ones that lead to a core service on the page become that
 * service's "Manage" link (`manage`, by service key); the others are cards (`cards`, one per id), except those that
 * lead back to /services itself, which have nowhere to go.
 */
export function placeValueAddedServices(
  services: readonly ValueAddedService[],
  coreOnPage: readonly ServiceSummary['key'][],
): { manage: Partial<Record<ServiceSummary['key'], ValueAddedService>>; cards: ValueAddedService[] } {
  const manage: Partial<Record<ServiceSummary['key'], ValueAddedService>> = {};
  const cards: ValueAddedService[] = [];
  const seen = new Set<string>();
  for (const service of services) {
    if (seen.has(service.serviceId) || !textOf(service)) continue;
    seen.add(service.serviceId);
    const path = pathOf(service.redirectUri.sbpp);
    const core = service.internal
      ? coreOnPage.find((key) => CORE_PAGES[key] !== undefined && CORE_PAGES[key] === path)
      : undefined;
    if (core) manage[core] ??= service;
    else if (!(service.internal && path === '/services')) cards.push(service);
  }
  return { manage, cards };
}

type VasLinkProps = {
  service: ValueAddedService;
  children: ReactNode;
  className?: string;
};

/**
 * A value-added service's link: in the portal (internal, spec §3) the router's link; elsewhere a plain link that says,
 * to everyone, that it leaves for another site.
 */
export function VasLink({ service, children, className = SECONDARY_BUTTON }: VasLinkProps) {
  const intl = useIntl();
  if (service.internal) {
    return (
      <Link to={service.redirectUri.sbpp} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={service.redirectUri.sbpp} rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {intl.formatMessage({ id: 'services.vas.external' })}</span>
      <ExternalLink aria-hidden="true" focusable="false" className="size-4 shrink-0" />
    </a>
  );
}

/** "Manage", with the name of what it manages for those who hear the link alone. */
export function ManageLabel({ name }: { name: string }) {
  const intl = useIntl();
  return (
    <>
      {intl.formatMessage({ id: 'services.vas.manage' })}
      <span className="sr-only"> {name}</span>
    </>
  );
}

function VasCard({ service }: { service: ValueAddedService }) {
  const intl = useIntl();
  const titleId = useId();
  const text = textOf(service);
  const name = intl.formatMessage({ id: text.name });
  return (
    <li aria-labelledby={titleId} className={`${CARD} flex flex-col`}>
      <h3 id={titleId} className="text-lg font-semibold text-navy-900">
        {name}
      </h3>
      <p className="mt-1 flex-1 text-ink">{intl.formatMessage({ id: text.description })}</p>
      <p className="mt-4">
        <VasLink service={service}>
          <ManageLabel name={name} />
        </VasLink>
      </p>
    </li>
  );
}

/** The value-added services that are not a core service's "Manage" link (wider-portal.md §5), as cards. */
export function ValueAddedServicesSection({ services }: { services: readonly ValueAddedService[] }) {
  const intl = useIntl();
  const titleId = useId();
  if (services.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'services.vas.title' })}
      </h2>
      <p className="mt-1 text-ink-muted">{intl.formatMessage({ id: 'services.vas.intro' })}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {services.map((service) => (
          <VasCard key={service.serviceId} service={service} />
        ))}
      </ul>
    </section>
  );
}
