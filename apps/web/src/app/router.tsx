import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { RootLayout } from './layouts/root-layout';
import { HomePage } from './routes/home-page';
import { NavigationError } from './routes/navigation-error';
import { NotFoundPage } from './routes/not-found-page';
import { PagePending } from './routes/page-pending';

export type RouterContext = {
  queryClient: QueryClient;
};

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

// `/` and `/404` are eager (the landing page is the first thing visitors see; /404 must render when a chunk fails);
// everything else is a lazy route module.
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '/404', component: NotFoundPage });

const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/maintenance',
  staticData: { header: { theme: 'light' } },
}).lazy(() => import('./routes/maintenance.lazy').then((module) => module.Route));

const routeTree = rootRoute.addChildren([homeRoute, maintenanceRoute, notFoundRoute]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
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
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
