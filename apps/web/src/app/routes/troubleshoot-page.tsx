import { useFlag } from '../../features/flags/use-flag';
import { TroubleshootPage } from '../../features/support/components/troubleshoot-page';

/** `/troubleshoot-stub` (issue 21 item 5): the internet's; the speed test offered where its flag is on. */
export function InternetTroubleshootRoute() {
  return <TroubleshootPage subject="internet" speedTest={useFlag('speedTest')} />;
}

/** `/troubleshoot-stub-2`: the TV's and the phone's (their outages and their equipment). */
export function TvPhoneTroubleshootRoute() {
  return <TroubleshootPage subject="tv-phone" speedTest={false} />;
}
