import { autoPayStatusQueryOptions } from '../../features/autopay/api/get-autopay-status';
import { billingSummaryQueryOptions, useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillingHome } from '../../features/billing/components/billing-home';
import { FlagsBoundary } from '../../features/flags/flags-boundary';
import { ensureFlagProvider } from '../../features/flags/flags-client';
import { useFlag } from '../../features/flags/use-flag';
import type { ScreenDataArgs } from '../router';
import { BillingRoute } from './billing-screen';

/**
 * For the route's loader (router.tsx): the summary (every card) and the Auto Pay status (the failed-draft banner)
 * start with the page's chunk; the page waits for the flags only, and shows its placeholders until the summary is there.
 */
function startBillingHomeData({ queryClient }: ScreenDataArgs): Promise<void> {
  void queryClient.prefetchQuery(billingSummaryQueryOptions());
  void queryClient.prefetchQuery(autoPayStatusQueryOptions());
  return ensureFlagProvider();
}

function BillingHomeWithFlags() {
  // spec §7.1: the soft-disconnect date is asked for only while the softDisconnect flag is on.
  const softDisconnect = useFlag('softDisconnect');
  return <BillingHome softDisconnectEnabled={softDisconnect} />;
}

/** `/billing`: the billing feature's home, given the flag it depends on (features do not import each other). */
export function BillingHomePage() {
  // The balance loads while the flags do (FlagsBoundary suspends until they are there).
  useBillingSummary();
  return (
    <BillingRoute>
      <FlagsBoundary>
        <BillingHomeWithFlags />
      </FlagsBoundary>
    </BillingRoute>
  );
}
BillingHomePage.startData = startBillingHomeData;
