import {
  ANALYTICS_CHOICE_COOKIE,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_EVENTS_PER_SECOND,
  ANALYTICS_EVENTS_PER_SECOND_COMMUNITY,
  COOKIES,
  CSRF_HEADER,
  CSRF_PATH,
  type PortalVariant,
  WEB_PLATFORM,
} from '@vireo/shared';
import { createAnalyticsClient } from './client';
import type { AnalyticsSink } from './record';

/**
 * Issue 23 item 1 (wider-portal.md §11): the analytics client in the browser, loaded after the page (`start.ts`), at
 * the variant's rate; it sends from then on: every two seconds, at once when the browser is back online, and what is
 * left when the page is hidden or left. `page.cookie` reads the anti-forgery token and the privacy hint (item 3).
 */
export async function startInBrowser(
  variant: () => Promise<PortalVariant>,
  page: { attach: (sink: AnalyticsSink) => void; cookie: (name: string) => string | null },
): Promise<void> {
  csrfToken = () => page.cookie(COOKIES.csrf);
  const which = await variant().catch(() => 'business' as const);
  const client = createAnalyticsClient({
    eventsPerSecond: which === 'community' ? ANALYTICS_EVENTS_PER_SECOND_COMMUNITY : ANALYTICS_EVENTS_PER_SECOND,
    transport: send,
    storage: sessionStorageOrNull(),
    host: window.location.host,
    platform: WEB_PLATFORM,
    online: () => navigator.onLine,
    // item 3: Global Privacy Control, or the person's choice as the server's hint cookie says it, limit collection to
    // the operational events (the ingest applies both itself too)
    usageAnalytics: () =>
      (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl !== true &&
      page.cookie(ANALYTICS_CHOICE_COOKIE) !== 'operational',
  });
  window.addEventListener('online', () => client.online());
  window.addEventListener('pagehide', () => client.flushAtExit());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') client.flushAtExit();
  });
  page.attach(client.sink);
  client.start();
}

/**
 * One batch to the ingest, with the anti-forgery token (a visitor's anonymous pair, fetched when the browser has none;
 * again once when the ingest refuses an old one). Not through `apiRequest`: the client does not record its own calls.
 */
let csrfToken: () => string | null = () => null;

async function send(body: string, keepalive: boolean): Promise<Response> {
  const post = () =>
    fetch(ANALYTICS_EVENTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() ?? '' },
      body,
      credentials: 'include',
      keepalive,
    });
  if (!csrfToken() && !keepalive) await fetch(CSRF_PATH, { credentials: 'include' });
  const response = await post();
  if (response.status !== 403 || keepalive) return response;
  await fetch(CSRF_PATH, { credentials: 'include' });
  return post();
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
