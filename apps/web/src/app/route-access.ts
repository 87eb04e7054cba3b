import type { QueryClient } from '@tanstack/react-query';
import { notFound, type ParsedLocation, redirect } from '@tanstack/react-router';
import {
  AppError,
  detectEnvironment,
  type FlagValues,
  type PortalEnv,
  type SessionProfile,
  safeTargetUrl,
} from '@vireo/shared';
import { FALLBACK_FLAGS } from '../features/flags/get-flags';
import { loadFlagValues } from '../features/flags/load-flags';
import { portalConfigQueryOptions } from '../features/meta/api/get-portal-config';
import { sessionProfileQueryOptions } from '../features/session/api/get-session-profile';
import { loginEdgeUrl } from '../features/session/utils/login-edge';
import { leavePage } from '../lib/browser-navigation';
import { SIGNED_OUT_NOTICE_STORAGE_KEY, setSessionFlag } from '../lib/client-storage';
import { type AccessDecision, decideAccess, needsFlags, type RouteGuard, requiresSignIn } from './guards';

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
    requiresSignIn(guards) ? loadProfile(queryClient) : Promise.resolve(null),
    needsFlags(guards) ? loadFlagValues() : Promise.resolve<FlagValues>(FALLBACK_FLAGS),
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
 * `/login` without `interaction`: start the OIDC flow at the login edge (a full-page navigation), carrying
 * `targetUrl`; `loggedOut=true` is remembered so that the form shows "You have signed out." when it comes back.
 */
export function enterSignIn({
  location,
  preload,
}: {
  location: ParsedLocation;
  preload: boolean;
}): Promise<never> | undefined {
  const params = new URLSearchParams(location.searchStr);
  if (params.get('interaction') || preload) return undefined;
  if (params.get('loggedOut') === 'true') setSessionFlag(SIGNED_OUT_NOTICE_STORAGE_KEY);
  const targetUrl = params.get('targetUrl');
  return leavePage(loginEdgeUrl(targetUrl ? safeTargetUrl(targetUrl) : null));
}
