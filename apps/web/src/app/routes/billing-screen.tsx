import type { ComponentType, ReactElement, ReactNode } from 'react';
import { EnterpriseBillingLanding } from '../../features/billing/components/enterprise-billing';
import { EnterpriseBillingUrlContext, FALLBACK_ENTERPRISE_BILLING_URL } from '../../features/billing/utils/enterprise';
import { usePortalConfig } from '../../features/meta/api/get-portal-config';
import { sessionProfileQueryOptions, useSessionProfile } from '../../features/session/api/get-session-profile';
import type { ScreenData } from '../router';

/**
 * Gives the billing feature what it needs from other features: the enterprise billing site from the portal
 * configuration (features do not import each other; app/ joins them).
 */
export function BillingConfigProvider({ children }: { children: ReactNode }) {
  const url = usePortalConfig().data?.enterpriseBillingUrl ?? FALLBACK_ENTERPRISE_BILLING_URL;
  return <EnterpriseBillingUrlContext value={url}>{children}</EnterpriseBillingUrlContext>;
}

/**
 * Every billing route (the billing home, pay bill, bill-pay options, statements, activity, history, mobile, streaming)
 * inside the billing configuration. product-decisions.md, spec §1 / §8: an enterprise account's billing is suppressed
 * and lives on the enterprise billing site, so each of these routes shows the enterprise landing page, decided here
 * once from the session profile rather than by each screen from its API's answer (issue 14: bill-pay options, mobile
 * and streaming told the enterprise owner that their role lacked billing). The APIs answer BILLING_SUPPRESSED anyway.
 */
export function BillingRoute({ children }: { children: ReactNode }) {
  const profile = useSessionProfile();
  return (
    <BillingConfigProvider>{profile?.isEnterprise ? <EnterpriseBillingLanding /> : children}</BillingConfigProvider>
  );
}

/** A billing screen of the route table, inside `BillingRoute`. */
export function billingScreen(Screen: ComponentType & { startData?: ScreenData }) {
  function BillingScreen(): ReactElement {
    return (
      <BillingRoute>
        <Screen />
      </BillingRoute>
    );
  }
  BillingScreen.displayName = `BillingScreen(${Screen.displayName ?? Screen.name})`;
  // the screen's data starter, for the route's loader (router.tsx); an enterprise account's screen never shows
  const { startData } = Screen;
  BillingScreen.startData = startData
    ? (args: Parameters<ScreenData>[0]) =>
        args.queryClient.getQueryData(sessionProfileQueryOptions().queryKey)?.isEnterprise ? undefined : startData(args)
    : undefined;
  return BillingScreen;
}
