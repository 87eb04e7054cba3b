import {
  capabilitiesOf,
  defaultFlags,
  FLAGS_PATH,
  type FlagValues,
  PORTAL_CONFIG_PATH,
  type PortalConfigResponse,
  type PortalRole,
  SESSION_PROFILE_PATH,
  type SessionProfile,
} from '@vireo/shared';
import { type Mock, vi } from 'vitest';

export const TEST_PORTAL_CONFIG: PortalConfigResponse = {
  brandName: 'Vireo Business',
  variant: 'business',
  environment: 'dev',
  documentTitle: 'Vireo Business | My Account',
  appVersion: '13.22.0-rc.0',
  requirementsVersion: '2.3120',
  enterpriseBillingUrl: 'https://enterprise.vireo.example/billing',
  customerService: {
    business: { e164: '+18005550123', display: '(800) 555-0123' },
    mobile: { e164: '+18885550142', display: '(888) 555-0142' },
    enterprise: { e164: '+18665550155', display: '(866) 555-0155' },
    community: { e164: '+18555550177', display: '(855) 555-0177' },
  },
};

/** A signed-in user of Harbor Coffee Co. (demo-data.md); `role` decides the capabilities. */
export function testProfile(role: PortalRole = 'PRIMARY', overrides: Partial<SessionProfile> = {}): SessionProfile {
  return {
    accountType: 'COMMERCIAL',
    role,
    username: `harbor-${role.toLowerCase()}`,
    guid: 'guid-harbor-1',
    accountNumber: '8260123456789012',
    accountName: 'Harbor Coffee Co.',
    zip: '02110',
    footprint: 'CHTR',
    userType: 'CONSUMER',
    rememberMe: false,
    siteVersion: '13.22.0-rc.0',
    isEnterprise: false,
    hasBulkAgreement: false,
    language: 'en',
    // Harbor Coffee has business phone service (demo-data.md: phone-meta), so its admin group may manage voice.
    capabilities: capabilitiesOf(role, { hasPhoneMeta: true }),
    memberDetails: { firstName: 'Hannah', lastName: 'Reyes', contactEmail: 'hannah@harbor.example' },
    accountOwner: { firstName: 'Hannah', lastName: 'Reyes' },
    idleTimeoutSeconds: 900,
    expiresAt: '2026-11-21T20:00:00.000Z',
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** An API error body as the server sends it. `code` may be one this build does not know yet. */
export function apiError(code: string, status: number): Response {
  return jsonResponse({ error: { code, message: `${code} (test)` } }, status);
}

export type FakeRequest = { method: string; path: string; search: string; headers: Headers; body: unknown };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export type FakeApiOptions = {
  config?: PortalConfigResponse;
  /** A profile signs the user in (and sets the `session=1` hint); null or absent: not signed in. */
  profile?: SessionProfile | null;
  /** Flag overrides on top of the dev defaults; `'error'` makes the flags call fail. */
  flags?: Partial<FlagValues> | 'error';
  /** More endpoints: `'GET /api/…'` (or just the path, for any method) to a handler or a JSON body. */
  routes?: Record<string, FakeHandler | Response | object>;
};

export type FakeApi = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> & {
  /** The requests made to `path` (without query), in order. */
  requestsTo: (path: string, method?: string) => FakeRequest[];
};

function toRequest(input: RequestInfo | URL, init: RequestInit | undefined): FakeRequest {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
  const text = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    search: url.search,
    headers: new Headers(init?.headers),
    body: text === undefined ? undefined : JSON.parse(text),
  };
}

/** A fake API on `fetch`: config, profile, flags and the given routes; 404 NOT_FOUND for anything else. */
export function stubApi(options: FakeApiOptions = {}): FakeApi {
  const { config = TEST_PORTAL_CONFIG, profile = null, flags = {}, routes = {} } = options;
  if (profile) setCookie('session', '1');
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = toRequest(input, init);
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`] ?? routes[request.path];
    if (route !== undefined) {
      if (typeof route === 'function') return (route as FakeHandler)(request);
      if (route instanceof Response) return route.clone();
      return jsonResponse(route);
    }
    if (request.path === PORTAL_CONFIG_PATH) return jsonResponse(config);
    if (request.path === SESSION_PROFILE_PATH) {
      return profile ? jsonResponse(profile) : apiError('UNAUTHENTICATED', 401);
    }
    if (request.path === FLAGS_PATH) {
      return flags === 'error' ? apiError('INTERNAL', 500) : jsonResponse({ ...defaultFlags('dev'), ...flags });
    }
    return apiError('NOT_FOUND', 404);
  }) as FakeApi;
  fetchMock.requestsTo = (path, method) =>
    requests.filter((request) => request.path === path && (method === undefined || request.method === method));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Sets a cookie the way the server would (readable ones only). */
export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test DOM has no Cookie Store API; the app reads document.cookie.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/`;
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
