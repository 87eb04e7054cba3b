import { lazy } from 'react';
import { autoPayStatusQueryOptions } from '../../entities/api/get-autopay-status';
import { billingSummaryQueryOptions, useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillingHome } from '../../features/billing/components/billing-home';
import type { PaperlessSlot } from '../../features/billing/components/billing-settings-card';
import { loadFlags, useFlag } from '../../features/flags/use-flag';
import type { ScreenDataArgs } from '../screens';
import { BillingRoute } from './billing-screen';

/**
 * For the route's loader (router.tsx): the summary (every card) and the Auto Pay status (the failed-draft banner)
 * start with the page's chunk; the page waits for the flags only, and shows its placeholders until the summary is there.
 */
async function startBillingHomeData({ queryClient }: ScreenDataArgs): Promise<void> {
  void queryClient.prefetchQuery(billingSummaryQueryOptions());
  void queryClient.prefetchQuery(autoPayStatusQueryOptions());
  await loadFlags(queryClient);
}

// Auto Pay's parts of the billing home (issue 6) are chunks of their own, like the payment panels.
const FailedDraftBanner = lazy(() =>
  import('../../features/autopay/components/failed-draft-banner').then((module) => ({
    default: module.FailedDraftBanner,
  })),
);
const PaperlessSetting = lazy(() =>
  import('../../features/autopay/components/paperless-setting').then((module) => ({
    default: module.PaperlessSetting,
  })),
);
const paperlessSetting: PaperlessSlot = (props) => <PaperlessSetting {...props} />;

function BillingHomeWithFlags() {
  // spec §7.1: the soft-disconnect date is asked for only while the softDisconnect flag is on.
  const softDisconnect = useFlag('softDisconnect');
  return (
    <BillingHome
      softDisconnectEnabled={softDisconnect}
      failedDraftBanner={<FailedDraftBanner />}
      paperlessSetting={paperlessSetting}
    />
  );
}

/** `/billing`: the billing feature's home, given the flag it depends on (features do not import each other). */
export function BillingHomePage() {
  // The balance loads while the flags do (useFlag suspends until they are there).
  useBillingSummary();
  return (
    <BillingRoute>
      <BillingHomeWithFlags />
    </BillingRoute>
  );
}
BillingHomePage.startData = startBillingHomeData;
