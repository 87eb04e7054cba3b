import type { QueryClient } from '@tanstack/react-query';
import type { RouteComponent } from '@tanstack/react-router';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';

/** What a screen's first render asks for (its data, and what it cannot render without), given to its route's loader. */
export type ScreenDataArgs = { queryClient: QueryClient; params: Record<string, string> };
/** Starts the screen's data; resolves when the screen can render (its data need not be there: it shows placeholders). */
export type ScreenData = (args: ScreenDataArgs) => Promise<unknown> | undefined;
/** A screen, and what the route's loader starts for it as soon as its module is there (`startData`, when it has data). */
export type ScreenComponent = RouteComponent & { startData?: ScreenData };

/**
 * What a route renders, named on its route-table entry: a new screen is its file plus that entry (issue 15). Lazy
 * screens are one chunk each (the placeholder is shared by every route that uses it); a screen that carries its data
 * starter (`startData`: the billing home, the account summary, the statement detail) has its data started by the
 * route's loader, before it renders, rather than by its components; the function lives in the screen's chunk, so the
 * entry stays as small.
 */
export type Screen = { readonly component: RouteComponent } | { readonly load: () => Promise<ScreenComponent> };

export function lazyScreen(load: () => Promise<ScreenComponent>): Screen {
  return { load };
}

/** The screen a lazily loaded module exports as `name` (an area's chunk holds several pages: one import, one chunk). */
export function screenOf<M, K extends keyof M>(module: () => Promise<M>, name: K): Screen {
  return lazyScreen(() => module().then((loaded) => loaded[name] as ScreenComponent));
}

/** A billing screen: its module and the billing configuration (routes/billing-screen.tsx) load together. */
export function billingScreen<M, K extends keyof M>(module: () => Promise<M>, name: K): Screen {
  return lazyScreen(() =>
    Promise.all([module(), import('./routes/billing-screen')]).then(([loaded, { billingScreen: wrap }]) =>
      wrap(loaded[name] as ScreenComponent),
    ),
  );
}

/**
 * A screen that keeps the loading indicator on until it calls `onReady` (routes/ready-screen.tsx): its module and the
 * wrapper load together, the wrapper not importing the screen, so the screen's messages come in one slice only.
 */
export function readyScreen<M, K extends keyof M>(module: () => Promise<M>, name: K): Screen {
  return lazyScreen(() =>
    Promise.all([module(), import('./routes/ready-screen')]).then(([loaded, { withReady }]) =>
      withReady(loaded[name] as Parameters<typeof withReady>[0]),
    ),
  );
}

/**
 * A voice page outside the voice manager's CPNI guard (routes/voice-access.tsx): its module and the access check load
 * together, the check not importing the screen.
 */
export function voiceScreen<M, K extends keyof M>(module: () => Promise<M>, name: K): Screen {
  return lazyScreen(() =>
    Promise.all([module(), import('./routes/voice-access')]).then(([loaded, { withVoiceAccess }]) =>
      withVoiceAccess(loaded[name] as Parameters<typeof withVoiceAccess>[0]),
    ),
  );
}

// `/` and `/404` are eager (the landing page is the first thing visitors see; /404 must render when a chunk fails).
export const HOME_SCREEN: Screen = { component: HomePage };
export const NOT_FOUND_SCREEN: Screen = { component: NotFoundPage };
/** The titled "not available yet" page of the routes whose screens later issues build. */
export const PLACEHOLDER_SCREEN = lazyScreen(() =>
  import('./routes/placeholder-page').then((module) => module.PlaceholderPage),
);
/** The sign-in screen: its route enters the OIDC flow before it renders (route-access.ts `enterSignIn`). */
export const SIGN_IN_SCREEN = lazyScreen(() =>
  import('../features/session/components/sign-in-page').then((module) => module.SignInPage),
);
