import type { ComponentType, ReactElement, ReactNode } from 'react';
import { usePortalConfig } from '../../entities/api/get-portal-config';
import { EnterpriseBillingLanding } from '../../features/billing/components/enterprise-billing';
import { EnterpriseBillingUrlContext, FALLBACK_ENTERPRISE_BILLING_URL } from '../../features/billing/utils/enterprise';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import type { ScreenData } from '../screens';

/**
 * Gives the billing feature what it needs from other features: the enterprise billing site from the portal
 * configuration (features do not import each other; app/ joins them).
 */
export function BillingConfigProvider({ children }: { children: ReactNode }) {
  const url = usePortalConfig().data?.enterpriseBillingUrl ?? FALLBACK_ENTERPRISE_BILLING_URL;
  return <EnterpriseBillingUrlContext value={url}>{children}</EnterpriseBillingUrlContext>;
}

/**
 * The billing home inside the billing configuration. product-decisions.md, spec §1 / §8: an enterprise account's
 * billing is suppressed and lives on the enterprise billing site; the billingAccess guard sends every billing address
 * of an enterprise account here (guards.ts, issue 14), and this shows it the enterprise landing page at once, from the
 * session profile, rather than after its API answers BILLING_SUPPRESSED.
 */
export function BillingRoute({ children }: { children: ReactNode }) {
  const profile = useSessionProfile();
  return (
    <BillingConfigProvider>{profile?.isEnterprise ? <EnterpriseBillingLanding /> : children}</BillingConfigProvider>
  );
}

/** A billing screen of the route table, inside the billing configuration. */
export function billingScreen(Screen: ComponentType & { startData?: ScreenData }) {
  function BillingScreen(): ReactElement {
    return (
      <BillingConfigProvider>
        <Screen />
      </BillingConfigProvider>
    );
  }
  BillingScreen.displayName = `BillingScreen(${Screen.displayName ?? Screen.name})`;
  // the screen's data starter, for the route's loader (router.tsx)
  BillingScreen.startData = Screen.startData;
  return BillingScreen;
}
