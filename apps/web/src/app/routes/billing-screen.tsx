import type { ComponentType, ReactElement, ReactNode } from 'react';
import { EnterpriseBillingUrlContext, FALLBACK_ENTERPRISE_BILLING_URL } from '../../features/billing/utils/enterprise';
import { usePortalConfig } from '../../features/meta/api/get-portal-config';
import type { ScreenData } from '../router';

/**
 * Gives the billing feature what it needs from other features: the enterprise billing site from the portal
 * configuration (features do not import each other; app/ joins them).
 */
export function BillingConfigProvider({ children }: { children: ReactNode }) {
  const url = usePortalConfig().data?.enterpriseBillingUrl ?? FALLBACK_ENTERPRISE_BILLING_URL;
  return <EnterpriseBillingUrlContext value={url}>{children}</EnterpriseBillingUrlContext>;
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
