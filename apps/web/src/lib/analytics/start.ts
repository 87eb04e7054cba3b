import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_EVENTS_PER_SECOND,
  ANALYTICS_EVENTS_PER_SECOND_COMMUNITY,
  COOKIES,
  CSRF_HEADER,
  CSRF_PATH,
  type PortalVariant,
  WEB_PLATFORM,
} from '@vireo/shared';
import { readCookie } from '../cookies';
import { attachAnalyticsSink } from './record';

/**
 * Issue 23 item 1 (wider-portal.md §11): the analytics client loads once the page has loaded (its code never competes
 * with the page's own), at the variant's rate, and sends from then on: every two seconds, at once when the browser is
 * back online, and what is left when the page is hidden or left.
 */
export function startAnalyticsAfterLoad(variant: () => Promise<PortalVariant>): void {
  const begin = () => {
    void Promise.all([import('./client'), variant().catch(() => 'business' as const)]).then(([module, which]) => {
      const client = module.createAnalyticsClient({
        eventsPerSecond: which === 'community' ? ANALYTICS_EVENTS_PER_SECOND_COMMUNITY : ANALYTICS_EVENTS_PER_SECOND,
        transport: send,
        storage: sessionStorageOrNull(),
        host: window.location.host,
        platform: WEB_PLATFORM,
        online: () => navigator.onLine,
      });
      window.addEventListener('online', () => client.online());
      window.addEventListener('pagehide', () => client.flushAtExit());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') client.flushAtExit();
      });
      attachAnalyticsSink(client.sink);
      client.start();
    });
  };
  if (document.readyState === 'complete') setTimeout(begin, 0);
  else window.addEventListener('load', () => setTimeout(begin, 0), { once: true });
}

/**
 * One batch to the ingest, with the anti-forgery token (a visitor's anonymous pair, fetched when the browser has none;
 * again once when the ingest refuses an old one). Not through `apiRequest`: the client does not record its own calls.
 */
async function send(body: string, keepalive: boolean): Promise<Response> {
  const post = () =>
    fetch(ANALYTICS_EVENTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: readCookie(COOKIES.csrf) ?? '' },
      body,
      credentials: 'include',
      keepalive,
    });
  if (!readCookie(COOKIES.csrf) && !keepalive) await fetch(CSRF_PATH, { credentials: 'include' });
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
