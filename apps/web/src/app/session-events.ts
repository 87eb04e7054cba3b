import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { hasSessionHint } from '../features/session/api/get-session-profile';
import { forgetSignedInUser } from '../features/session/api/logout';
import { loginEdgeUrl } from '../features/session/utils/login-edge';
import { setApiEventHandlers } from '../lib/api-client';
import { browserNavigation } from '../lib/browser-navigation';
import { isOpenPath, requiresSignIn } from './guards';

/**
 * What a session-wide API failure does (spec §4 / §8):
 * - 401 IN_MAINTENANCE: forget the user (storage, query cache, session hint) and show /maintenance.
 * - 401 UNAUTHENTICATED on a page that needs sign-in: back to the login edge, returning to this page afterwards,
 *   unless the client has already forgotten the user (signing out).
 */
export function installSessionEventHandlers(router: AnyRouter, queryClient: QueryClient): void {
  let leaving = false;
  setApiEventHandlers({
    onMaintenance: () => {
      if (router.latestLocation.pathname === '/maintenance') return;
      forgetSignedInUser(queryClient);
      void router.navigate({ to: '/maintenance', replace: true });
    },
    onUnauthenticated: () => {
      if (leaving) return;
      // Sign-out and maintenance forget the user (the session hint goes) and then navigate on their own. A query that
      // refetched after the cache was cleared gets a 401 that says nothing new; going to the login edge now would
      // cancel /login?loggedOut=true.
      if (!hasSessionHint()) return;
      const location = router.latestLocation;
      const guards = router.state.matches.at(-1)?.staticData.guards ?? [];
      if (!requiresSignIn(guards) || isOpenPath(location.pathname)) return;
      leaving = true;
      browserNavigation.assign(loginEdgeUrl(location.href));
    },
  });
}
