import { Link } from '@tanstack/react-router';
import { AppError } from '@vireo/shared';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { EmptyOffer } from '../../../components/ui/empty-offer';
import { CARD, NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import type { AppPath } from '../../../lib/app-path';
import { useValueAddedServices, type ValueAddedService } from '../api/services-api';
import { ManageLabel, pathOf, VasLink } from './value-added-services';

/** The value-added services that are desktop security (spec §3 known ids; the newest first). */
const SECURITY_IDS: readonly string[] = ['DESKTOP_SECURITY_VAS_2_0', 'DESKTOP_SECURITY'];

export type SecurityProduct = 'desktop' | 'suite';

/** Where the steps to add a device are (the "Download" of a service whose link is the page it is on). */
export const NEW_DEVICE_PATH: AppPath = '/security-suite/new-device';

function findSecurityService(services: readonly ValueAddedService[]): ValueAddedService | undefined {
  for (const id of SECURITY_IDS) {
    const service = services.find((candidate) => candidate.serviceId === id);
    if (service) return service;
  }
  return undefined;
}

type SecurityPlanProps = {
  product: SecurityProduct;
  /** The page's own path: a service whose link leads here offers the download steps instead. */
  here: AppPath;
  /** Called once what the plan holds is known (spec §4: /security-suite keeps the loading indicator until then). */
  onReady?: () => void;
};

/**
 * Whether the account has desktop security (its value-added service, spec §3) and what to do about it: "Manage" (or
 * "Download", when its link is this very page) if it has; "Not part of your plan" with the way to add it if not; a
 * visitor (the page is open, spec §2.3) is asked to sign in. A failed check says so and leaves the page as it is.
 */
export function SecurityPlan({ product, here, onReady }: SecurityPlanProps) {
  const intl = useIntl();
  const titleId = useId();
  const valueAdded = useValueAddedServices();
  const signedOut =
    !valueAdded.isEnabled || (AppError.is(valueAdded.error) && valueAdded.error.code === 'UNAUTHENTICATED');
  const settled = signedOut || !valueAdded.isPending;
  useEffect(() => {
    if (settled) onReady?.();
  }, [settled, onReady]);

  if (signedOut) {
    return (
      <section aria-labelledby={titleId} className={CARD}>
        <h2 id={titleId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'services.security.plan.title' })}
        </h2>
        <p className="mt-2 text-ink">{intl.formatMessage({ id: 'services.security.plan.signIn.body' })}</p>
        <Link to="/login" className={`${PRIMARY_BUTTON} mt-4`}>
          {intl.formatMessage({ id: 'services.security.plan.signIn.action' })}
        </Link>
      </section>
    );
  }
  if (valueAdded.isPending) {
    return <ListSkeleton rows={2} label={intl.formatMessage({ id: 'services.security.plan.checking' })} />;
  }
  if (valueAdded.isError) {
    return <p className={NOTICE}>{intl.formatMessage({ id: 'services.security.plan.error' })}</p>;
  }
  const service = findSecurityService(valueAdded.data);
  if (!service) {
    return (
      <EmptyOffer
        titleId="services.security.plan.notIncluded.title"
        bodyId={
          product === 'desktop'
            ? 'services.security.plan.notIncluded.desktop'
            : 'services.security.plan.notIncluded.suite'
        }
        actionId="services.security.plan.notIncluded.action"
        to="/upgrade"
      />
    );
  }
  const name = intl.formatMessage({ id: product === 'desktop' ? 'pages.desktopSecurity' : 'pages.securitySuite' });
  const leadsHere = service.internal && pathOf(service.redirectUri.sbpp) === here;
  return (
    <section aria-labelledby={titleId} className={CARD}>
      <h2 id={titleId} className={`flex items-center gap-2 ${SECTION_TITLE}`}>
        <ShieldCheck aria-hidden="true" focusable="false" className="size-6 text-brand-700" />
        {intl.formatMessage({ id: 'services.security.plan.title' })}
      </h2>
      <p className="mt-2 text-ink">
        {intl.formatMessage({
          id:
            product === 'desktop' ? 'services.security.plan.included.desktop' : 'services.security.plan.included.suite',
        })}
      </p>
      <p className="mt-4 flex flex-wrap gap-3">
        {leadsHere ? null : (
          <VasLink service={service} className={`${PRIMARY_BUTTON} gap-2`}>
            <ManageLabel name={name} />
          </VasLink>
        )}
        {here === NEW_DEVICE_PATH ? null : (
          <Link to={NEW_DEVICE_PATH} className={leadsHere ? PRIMARY_BUTTON : SECONDARY_BUTTON}>
            {intl.formatMessage({ id: 'services.security.plan.download' })}
          </Link>
        )}
      </p>
    </section>
  );
}
