import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createLazyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@vireo/shared';
import { RootLayout } from './layouts/root-layout';
import { enforceAccess, enterSignIn } from './route-access';
import { PAGE_ROUTES, type PageRoute, REDIRECT_ROUTES, type Screen } from './route-table';
import { HomePage } from './routes/home-page';
import { NavigationError } from './routes/navigation-error';
import { NotFoundPage } from './routes/not-found-page';
import { PagePending } from './routes/page-pending';
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

// `/` and `/404` are eager (the landing page is the first thing visitors see; /404 must render when a chunk fails).
const EAGER_SCREENS: Partial<Record<Screen, RouteComponent>> = { home: HomePage, notFound: NotFoundPage };

/** What a screen's first render asks for (its data, and what it cannot render without), given to its route's loader. */
export type ScreenDataArgs = { queryClient: QueryClient; params: Record<string, string> };
/** Starts the screen's data; resolves when the screen can render (its data need not be there: it shows placeholders). */
export type ScreenData = (args: ScreenDataArgs) => Promise<unknown> | undefined;
/** A screen, and what the route's loader starts for it as soon as its module is there (`startData`, when it has data). */
export type ScreenComponent = RouteComponent & { startData?: ScreenData };

/**
 * Route modules: one lazy chunk per screen (the placeholder screen is shared by every route that uses it). A screen
 * that carries its data starter (`startData`: the billing home, the account summary, the statement detail) has its
 * data started by the route's loader, before it renders, rather than by its components (after the flags, for some);
 * the function lives in the screen's chunk, so the entry stays as small.
 */
const LAZY_SCREENS: Partial<Record<Screen, () => Promise<ScreenComponent>>> = {
  placeholder: () => import('./routes/placeholder-page').then((module) => module.PlaceholderPage),
  accountSummary: () => import('./routes/account-summary-page').then((module) => module.AccountSummaryPage),
  billingHome: () => import('./routes/billing-home-page').then((module) => module.BillingHomePage),
  payBill: () => billingScreenOf(import('../features/billing/components/pay-bill-page'), 'PayBillPage'),
  billPayOptions: () => billingScreenOf(import('../features/wallet/components/wallet-page'), 'WalletPage'),
  statements: () => billingScreenOf(import('../features/billing/components/statements-page'), 'StatementsPage'),
  statementDetail: () =>
    billingScreenOf(import('../features/billing/components/statement-detail-page'), 'StatementDetailPage'),
  accountActivity: () =>
    billingScreenOf(import('../features/billing/components/account-activity-page'), 'AccountActivityPage'),
  paymentHistory: () =>
    billingScreenOf(import('../features/billing/components/payment-history-page'), 'PaymentHistoryPage'),
  mobileBilling: () =>
    import('../features/mobile/components/mobile-billing-page').then((module) => module.MobileBillingPage),
  mobilePayment: () =>
    import('../features/mobile/components/mobile-payment-page').then((module) => module.MobilePaymentPage),
  mobileTransactions: () =>
    import('../features/mobile/components/mobile-transactions-page').then((module) => module.MobileTransactionsPage),
  mobileOrder: () =>
    import('../features/mobile/components/mobile-order-detail-page').then((module) => module.MobileOrderDetailPage),
  streaming: () => import('../features/mobile/components/streaming-page').then((module) => module.StreamingPage),
  signIn: () => import('../features/session/components/sign-in-page').then((module) => module.SignInPage),
  signInRedirect: () => import('./routes/sign-in-redirect-page').then((module) => module.SignInRedirectPage),
  maintenance: () => import('./routes/maintenance.lazy').then((module) => module.MaintenancePage),
};

/** A billing screen's module, its screen wrapped in the billing configuration (routes/billing-screen.tsx). */
function billingScreenOf<M, K extends keyof M>(module: Promise<M>, name: K): Promise<ScreenComponent> {
  return Promise.all([module, import('./routes/billing-screen')]).then(([loaded, { billingScreen }]) =>
    billingScreen(loaded[name] as ScreenComponent),
  );
}

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

function pageRoute(entry: PageRoute): AnyRoute {
  const { guards } = entry.staticData;
  const lazyScreen = LAZY_SCREENS[entry.screen];
  // The browser loads a module once, and messages/slices.ts its messages: asking again costs nothing.
  const loadScreen = lazyScreen && (() => withChunkTimeout(lazyScreen));
  // The route's chunk starts with its guard rather than after it (a redirect leaves it unused, which costs nothing).
  const startScreen = () => void loadScreen?.().catch(() => undefined);
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    staticData: entry.staticData,
    component: EAGER_SCREENS[entry.screen],
    beforeLoad:
      entry.screen === 'signIn'
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
  if (!loadScreen) return route;
  return route.lazy(() => loadScreen().then((component) => createLazyRoute(route.id as never)({ component })));
}

const redirectRoutes = REDIRECT_ROUTES.map((entry) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    staticData: {},
    beforeLoad: () => {
      throw redirect({ to: entry.to, replace: true });
    },
  }),
);

const routeTree = rootRoute.addChildren([...PAGE_ROUTES.map(pageRoute), ...redirectRoutes]);

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
