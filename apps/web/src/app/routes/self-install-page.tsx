import { notFound, useParams } from '@tanstack/react-router';
import { useFlag } from '../../features/flags/use-flag';
import { kitQueryOptions } from '../../features/self-install/api/self-install-api';
import { isSelfInstallPage, SelfInstallPage } from '../../features/self-install/components/self-install-page';
import type { ScreenDataArgs } from '../screens';
import { NotFoundPage } from './not-found-page';

/** The pages that show the kit: its read starts with the route, not after the page's chunk renders. */
const KIT_PAGES: ReadonlySet<string> = new Set(['start', 'activate', 'wifi', 'done', 'contact-to-activate']);

/**
 * `/selfinstall` (issue 21 item 6: the kit and where its activation stands) and `/selfinstall/$page` (a step of the
 * kit or a page of spec §2.1's whitelist; any other page does not exist): one screen for both routes.
 */
export function SelfInstallRoute() {
  const { page = 'start' } = useParams({ strict: false });
  const speedBump = useFlag('selfInstallSpeedBump');
  const speedTest = useFlag('speedTest');
  // the route's loader answers not found first (below); this only covers a render without it
  if (page !== 'start' && !isSelfInstallPage(page)) return <NotFoundPage />;
  return <SelfInstallPage page={page} speedBump={speedBump} speedTest={speedTest} />;
}
SelfInstallRoute.startData = ({ queryClient, params }: ScreenDataArgs) => {
  const page = params.page ?? 'start';
  if (page !== 'start' && !isSelfInstallPage(page)) throw notFound();
  if (KIT_PAGES.has(page)) void queryClient.prefetchQuery(kitQueryOptions());
  return undefined;
};
