import type { QueryClient } from '@tanstack/react-query';
import { isRedirect, notFound, type ParsedLocation, redirect } from '@tanstack/react-router';
import {
  AppError,
  detectEnvironment,
  type FlagValues,
  type PortalEnv,
  type SessionProfile,
  safeTargetUrl,
} from '@vireo/shared';
import { portalConfigQueryOptions } from '../entities/api/get-portal-config';
import { FALLBACK_FLAGS } from '../features/flags/get-flags';
import { loadFlags } from '../features/flags/use-flag';
import { sessionProfileQueryOptions } from '../features/session/api/get-session-profile';
import { loginEdgeUrl } from '../features/session/utils/login-edge';
import { leavePage } from '../lib/browser-navigation';
import { SIGNED_OUT_NOTICE_STORAGE_KEY, setSessionFlag } from '../lib/client-storage';
import {
  type AccessDecision,
  asksForSession,
  decideAccess,
  needsFlags,
  type RouteGuard,
  requiresSignIn,
} from './guards';

/** The environment the server reports (spec §9), else the one the host name suggests, else the strictest. */
export async function loadEnvironment(queryClient: QueryClient): Promise<PortalEnv> {
  try {
    return (await queryClient.ensureQueryData(portalConfigQueryOptions())).environment;
  } catch {
    return detectEnvironment(window.location.host) ?? 'prod';
  }
}

async function loadProfile(queryClient: QueryClient): Promise<SessionProfile | null> {
  try {
    return await queryClient.ensureQueryData(sessionProfileQueryOptions());
  } catch (error) {
    // spec §4: maintenance answers the profile with 401 IN_MAINTENANCE; the API client has already signed out.
    if (AppError.is(error) && error.code === 'IN_MAINTENANCE') throw redirect({ to: '/maintenance', replace: true });
    throw error;
  }
}

/**
 * The live session's profile, for the pages a visitor sees (`/`, `/login`): null when there is none, and also when it
 * cannot be read (an outage must not keep anyone from the landing page or the sign-in form); maintenance still goes
 * to /maintenance. The profile is the source of truth: a stale `session=1` hint answers 401, which is null.
 */
async function findLiveProfile(queryClient: QueryClient): Promise<SessionProfile | null> {
  try {
    return await loadProfile(queryClient);
  } catch (error) {
    if (isRedirect(error)) throw error;
    return null;
  }
}

type GuardArguments = {
  guards: readonly RouteGuard[];
  queryClient: QueryClient;
  location: ParsedLocation;
  /** The router is preloading on intent (hover): decide, but never leave the page. */
  preload: boolean;
};

/** Gathers what the guards need (profile, flags, environment) in parallel and decides (guards.ts). */
export async function resolveAccess({
  guards,
  queryClient,
  location,
}: Omit<GuardArguments, 'preload'>): Promise<AccessDecision> {
  if (guards.length === 0) return { type: 'allow' };
  const [profile, flags, env] = await Promise.all([
    requiresSignIn(guards)
      ? loadProfile(queryClient)
      : asksForSession(guards)
        ? findLiveProfile(queryClient)
        : Promise.resolve(null),
    needsFlags(guards) ? loadFlags(queryClient) : Promise.resolve<FlagValues>(FALLBACK_FLAGS),
    loadEnvironment(queryClient),
  ]);
  return decideAccess(guards, {
    pathname: location.pathname,
    signedIn: profile !== null,
    capabilities: profile?.capabilities ?? [],
    isEnterprise: profile?.isEnterprise ?? false,
    flags,
    env,
  });
}

/** A route's `beforeLoad`: acts on the decision. */
export async function enforceAccess(args: GuardArguments): Promise<void> {
  const decision = await resolveAccess(args);
  switch (decision.type) {
    case 'allow':
      return;
    case 'redirect':
      throw redirect({ to: decision.to, search: decision.search, replace: true });
    case 'notFound':
      throw notFound();
    case 'signIn':
      if (args.preload) return;
      return leavePage(loginEdgeUrl(args.location.href));
    case 'external':
      if (args.preload) return;
      return leavePage(decision.href);
  }
}

/**
 * `/login` (spec §2.1: login redirects to the root).
 * - With `interaction`: the browser is in the middle of a sign-in (the issuer sent it here), so the form shows,
 *   whatever session the browser may still hold: a stale or other user's session never blocks a new sign-in, and
 *   the callback replaces it with the new one.
 * - Without: a live session (the profile says so, not the `session=1` hint) goes to the root, which sends a
 *   signed-in user on to their home; otherwise the OIDC flow starts at the login edge (a full-page navigation),
 *   carrying `targetUrl`; `loggedOut=true` is remembered so that the form shows "You have signed out." when it
 *   comes back.
 */
export async function enterSignIn({
  location,
  preload,
  queryClient,
}: {
  location: ParsedLocation;
  preload: boolean;
  queryClient: QueryClient;
}): Promise<void> {
  const params = new URLSearchParams(location.searchStr);
  if (params.get('interaction')) return;
  if (await findLiveProfile(queryClient)) throw redirect({ to: '/', replace: true });
  if (preload) return;
  if (params.get('loggedOut') === 'true') setSessionFlag(SIGNED_OUT_NOTICE_STORAGE_KEY);
  const targetUrl = params.get('targetUrl');
  return leavePage(loginEdgeUrl(targetUrl ? safeTargetUrl(targetUrl) : null));
}
