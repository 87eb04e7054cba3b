import type { QueryClient } from '@tanstack/react-query';
import {
  createLazyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@vireo/shared';
import { lazy } from 'react';
import { loadsCodeAfterAccess } from './guards';
import { RootLayout } from './layouts/root-layout';
import { enforceAccess, enterSignIn } from './route-access';
import { PAGE_ROUTES, type PageRoute, REDIRECT_ROUTES, type SearchSchema } from './route-table';
import { NavigationError } from './routes/navigation-error';
import { NotFoundPage } from './routes/not-found-page';
import { PagePending } from './routes/page-pending';
import { SIGN_IN_SCREEN } from './screens';
import { installSessionEventHandlers } from './session-events';

/**
 * The router treats `/a/` and `/a` as the same location and would not replace one with the other; a marker in the
 * history state makes the redirect a real replace.
 */
const TRAILING_SLASH_REDIRECT_STATE = 'vireoFromPath';

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export type RouterContext = {
  queryClient: QueryClient;
};

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  staticData: {},
  beforeLoad: ({ location }) => {
    const canonical = withoutTrailingSlash(location.pathname);
    if (canonical !== location.pathname) {
      throw redirect({
        href: `${canonical}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`,
        replace: true,
        state: (previous) => ({ ...previous, [TRAILING_SLASH_REDIRECT_STATE]: location.pathname }),
      });
    }
  },
});

/** spec §8: a route chunk that has not arrived after 120 s fails (ChunkLoadError), and the error page takes over. */
function withChunkTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Route chunk did not load within ${CHUNK_LOAD_TIMEOUT_MS} ms`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, CHUNK_LOAD_TIMEOUT_MS);
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

function pageRoute<const P extends string, S extends SearchSchema>(entry: PageRoute<P, S>) {
  const { guards } = entry.staticData;
  const { screen } = entry;
  // The browser loads a module once, and messages/slices.ts its messages: asking again costs nothing.
  const loadScreen = 'load' in screen ? () => withChunkTimeout(screen.load) : undefined;
  // A non-production tool's code is fetched only once its guard lets the user in: production never fetches it.
  const codeAfterAccess = loadScreen !== undefined && loadsCodeAfterAccess(guards);
  // The route's chunk starts with its guard rather than after it (a redirect leaves it unused, which costs nothing).
  const startScreen = codeAfterAccess ? () => undefined : () => void loadScreen?.().catch(() => undefined);
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    validateSearch: entry.search,
    staticData: entry.staticData,
    // Not `route.lazy` for such a route: the router loads a lazy route's chunk to render its not-found page too.
    // React's `lazy` (TanStack's lazyRouteComponent would put 0.3 kB in every page's framework chunk).
    component:
      'component' in screen
        ? screen.component
        : codeAfterAccess
          ? lazy(() => loadScreen().then((component) => ({ default: component })))
          : undefined,
    beforeLoad:
      screen === SIGN_IN_SCREEN
        ? ({ context, location, preload }) => enterSignIn({ location, preload, queryClient: context.queryClient })
        : guards.length === 0
          ? undefined
          : ({ context, location, preload }) => {
              startScreen();
              return enforceAccess({ guards, queryClient: context.queryClient, location, preload });
            },
    // Once the guard has let the user in: the screen's data, as soon as its chunk is there.
    loader: loadScreen
      ? ({ context, params }) =>
          loadScreen().then(
            (component) =>
              component.startData?.({ queryClient: context.queryClient, params: params as Record<string, string> }),
            // a chunk that failed is the router's to report (it loads the chunk too)
            () => undefined,
          )
      : undefined,
  });
  if (!loadScreen || codeAfterAccess) return route;
  return route.lazy(() => loadScreen().then((component) => createLazyRoute(route.id as never)({ component })));
}

function redirectRoute<const P extends string>(entry: { path: P; to: string }) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    staticData: {},
    beforeLoad: () => {
      throw redirect({ href: entry.to, replace: true });
    },
  });
}

/**
 * The tree keeps each route's own type (its path, params and search), so a link or a navigation to a path that does
 * not exist, or with the wrong params or search, fails the type check (issue 15). `map` would merge the entries into
 * one type; the mapped tuple types keep them apart.
 */
type PageRouteOf<E> = E extends PageRoute<infer P, infer S> ? ReturnType<typeof pageRoute<P, S>> : never;
type RedirectRouteOf<E> = E extends { path: infer P extends string } ? ReturnType<typeof redirectRoute<P>> : never;
type PageRoutes<T extends readonly unknown[]> = { -readonly [K in keyof T]: PageRouteOf<T[K]> };
type RedirectRoutes<T extends readonly unknown[]> = { -readonly [K in keyof T]: RedirectRouteOf<T[K]> };

const routeTree = rootRoute.addChildren([
  ...(PAGE_ROUTES.map((entry: PageRoute) => pageRoute(entry)) as unknown as PageRoutes<typeof PAGE_ROUTES>),
  ...(REDIRECT_ROUTES.map(redirectRoute) as unknown as RedirectRoutes<typeof REDIRECT_ROUTES>),
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPendingComponent: PagePending,
    defaultErrorComponent: NavigationError,
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    // react-query owns data caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    // New pages start at the top (spec §2.1); back and forward restore where the user was.
    scrollRestoration: true,
    trailingSlash: 'never',
  });

  // spec §2.1: navigating to the URL already shown reloads the page's data.
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && !event.hrefChanged) void queryClient.invalidateQueries();
  });
  installSessionEventHandlers(router, queryClient);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
