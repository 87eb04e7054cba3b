import { useLocation } from '@tanstack/react-router';
import { useFlag } from '../../features/flags/use-flag';
import { TroubleshootPage } from '../../features/support/components/troubleshoot-page';

/**
 * The help area's tools behind sign-in (issue 21 items 5 and 7): troubleshooting and the speed test, one lazy module
 * (one entry in the app's preload map, which every first load carries).
 */
export { SpeedTestPage } from '../../features/speed-test/components/speed-test-page';

/**
 * `/troubleshoot-stub` (issue 21 item 5): the internet's, the speed test offered where its flag is on;
 * `/troubleshoot-stub-2`: the TV's and the phone's (their outages and their equipment). One screen for both routes.
 */
export function TroubleshootRoute() {
  const speedTest = useFlag('speedTest');
  const tvAndPhone = useLocation({ select: (location) => location.pathname.startsWith('/troubleshoot-stub-2') });
  return tvAndPhone ? (
    <TroubleshootPage subject="tv-phone" speedTest={false} />
  ) : (
    <TroubleshootPage subject="internet" speedTest={speedTest} />
  );
}
