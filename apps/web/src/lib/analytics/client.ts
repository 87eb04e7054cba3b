import {
  ANALYTICS_EVENTS_PER_BATCH,
  ANALYTICS_EXIT_CHUNK_BYTES,
  ANALYTICS_GRAPHQL_ERRORS_MAX,
  ANALYTICS_MAX_MESSAGE_BYTES,
  ANALYTICS_MISUSE,
  ANALYTICS_PATTERNS,
  ANALYTICS_SEND_INTERVAL_MS,
  type AnalyticsEvent,
  AnalyticsEventSchema,
  isOperationalEvent,
} from '@vireo/shared';
import { matchApiRoute } from './api-routes';
import type { AnalyticsSink, ApiCallRecord, ErrorRecord, PageViewRecord } from './record';

/**
 * The analytics client (issue 23 item 1, spec §7.3 and §9, wider-portal.md §11), loaded after the page's `load` event:
 * events pass a token bucket (ANALYTICS_EVENTS_PER_SECOND, 200 for the community variant; the ones over it are dropped
 * and counted), wait in a queue kept in sessionStorage (so a reload does not lose them; capped at QUEUE_MAX_EVENTS),
 * and go every ANALYTICS_SEND_INTERVAL_MS in one batch of at most ANALYTICS_MAX_MESSAGE_BYTES and
 * ANALYTICS_EVENTS_PER_BATCH events. A failed batch is tried again after a jittered, growing wait, or after the
 * `Retry-After` the ingest gave; offline, nothing goes until the browser is back online, which sends at once. At page
 * exit the queue leaves in chunks under ANALYTICS_EXIT_CHUNK_BYTES by keepalive `fetch` (it carries the anti-forgery
 * header, which `sendBeacon` cannot), as many as the browser's keepalive budget takes; the rest waits in storage.
 */

/** The queue's cap: past it the oldest events are dropped (and counted). 2.5 batches at the community rate. */
export const QUEUE_MAX_EVENTS = 1_000;
/** The longest wait between tries of a failing ingest; and the longest `Retry-After` honoured. */
export const RETRY_MAX_MS = 60_000;
export const RETRY_AFTER_MAX_MS = 600_000;
/** What the browser lets keepalive requests carry at once (the Fetch standard's 64 KiB, with room for headers). */
export const KEEPALIVE_BUDGET_BYTES = 64_000;
/** sessionStorage: this tab's queue, never another tab's (two tabs never send the same events). */
export const QUEUE_STORAGE_KEY = 'vireo.analytics.queue';

export type AnalyticsTransport = (body: string, keepalive: boolean) => Promise<Response>;

export type AnalyticsClientOptions = {
  eventsPerSecond: number;
  /** Sends one batch (the anti-forgery token is the transport's). */
  transport: AnalyticsTransport;
  storage: Storage | null;
  host: string;
  platform: string;
  online: () => boolean;
  /**
   * Issue 23 item 3: false while Global Privacy Control or the person's choice limits collection to the operational
   * events (OPERATIONAL_EVENT_TYPES): usage events (page views) are then not recorded. Asked at each event.
   */
  usageAnalytics?: () => boolean;
  now?: () => number;
  random?: () => number;
};

type Queued = { event: AnalyticsEvent; bytes: number };

const encoder = new TextEncoder();
const sizeOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;
/** `{"events":[` + `]` + `,"dropped":NNNNNNN` + `}`: a batch's bytes beyond its events and their commas. */
const BATCH_OVERHEAD_BYTES = 40;

const fits = (pattern: RegExp, value: string | null) => (value !== null && pattern.test(value) ? value : null);

/** spec §7.3: RED, GREEN or UNAVAILABLE count as 200; 0 stays 0 (no answer) and -1 maps to 400. */
export function mapStatus(status: number | string): number {
  if (status === 'RED' || status === 'GREEN' || status === 'UNAVAILABLE') return 200;
  if (status === -1) return 400;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : 0;
}

/** spec §8: a code beginning with NETPSC is a personal-security-code error; the client code is before the first dash. */
export function describeCode(code: string): { clientCode: string | null; personalSecurityCode: boolean } {
  const dash = code.indexOf('-');
  return { clientCode: dash > 0 ? code.slice(0, dash) : null, personalSecurityCode: code.startsWith('NETPSC') };
}

/** A `Retry-After` as milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const wait = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1_000 : Date.parse(header) - now;
  return Number.isFinite(wait) ? Math.min(Math.max(wait, 0), RETRY_AFTER_MAX_MS) : null;
}

export function createAnalyticsClient(options: AnalyticsClientOptions) {
  const { eventsPerSecond, transport, storage, host, platform } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let queue: Queued[] = [];
  let dropped = 0;
  let tokens = eventsPerSecond;
  let refilledAt = now();
  let inFlight: Queued[] = [];
  let notBefore = 0;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The bytes of exit chunks not answered yet: the browser's keepalive budget is shared by them. */
  let keepaliveBytes = 0;

  const restored = readStored();
  queue = restored.events.map((event) => ({ event, bytes: sizeOf(event) }));
  dropped = restored.dropped;

  function readStored(): { events: AnalyticsEvent[]; dropped: number } {
    try {
      const stored = JSON.parse(storage?.getItem(QUEUE_STORAGE_KEY) ?? 'null') as {
        events?: unknown[];
        dropped?: unknown;
      } | null;
      const events = (stored?.events ?? []).flatMap((event) => {
        const parsed = AnalyticsEventSchema.safeParse(event);
        return parsed.success ? [parsed.data] : [];
      });
      const count = typeof stored?.dropped === 'number' && stored.dropped >= 0 ? Math.floor(stored.dropped) : 0;
      const over = Math.max(0, events.length - QUEUE_MAX_EVENTS);
      return { events: events.slice(over), dropped: count + over };
    } catch {
      return { events: [], dropped: 0 };
    }
  }

  /** The queue as it would be after a reload now: what is in flight too, as its answer may never come. */
  function persist(): void {
    try {
      const events = [...inFlight, ...queue].map((item) => item.event);
      if (events.length === 0 && dropped === 0) storage?.removeItem(QUEUE_STORAGE_KEY);
      else storage?.setItem(QUEUE_STORAGE_KEY, JSON.stringify({ events, dropped }));
    } catch {
      // Quota or privacy mode: the queue lives in memory only.
    }
  }

  /** The token bucket: `eventsPerSecond` a second, as many at once at most. */
  function admit(): boolean {
    const at = now();
    tokens = Math.min(eventsPerSecond, tokens + ((at - refilledAt) / 1_000) * eventsPerSecond);
    refilledAt = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  function track(event?: AnalyticsEvent): void {
    if (!event) throw new Error(ANALYTICS_MISUSE.noArguments);
    if (!isOperationalEvent(event.type) && options.usageAnalytics?.() === false) return;
    const parsed = AnalyticsEventSchema.safeParse(event);
    // An event the ingest would refuse (a card number where a code goes) would take its whole batch with it.
    if (!parsed.success) return;
    if (!admit()) {
      dropped += 1;
      return;
    }
    queue.push({ event: parsed.data, bytes: sizeOf(parsed.data) });
    if (queue.length > QUEUE_MAX_EVENTS) {
      dropped += queue.length - QUEUE_MAX_EVENTS;
      queue = queue.slice(-QUEUE_MAX_EVENTS);
    }
  }

  function trackApi(record?: ApiCallRecord): void {
    if (!record) throw new Error(ANALYTICS_MISUSE.noArguments);
    const url = new URL(record.url, `https://${host}`);
    const method = record.method.toUpperCase();
    const template = matchApiRoute(method, url.pathname);
    if (!template) throw new Error(ANALYTICS_MISUSE.unknownApi);
    const status = mapStatus(record.status);
    track({
      type: 'api_call',
      at: record.at,
      method: method as 'GET',
      host: fits(ANALYTICS_PATTERNS.host, url.host) ?? host,
      path: template,
      queryKeys: [...new Set(url.searchParams.keys())]
        .filter((key) => ANALYTICS_PATTERNS.queryKey.test(key))
        .slice(0, 20),
      durationMs: Math.min(Math.max(Math.round(record.durationMs), 0), 600_000),
      status,
      success: status >= 200 && status < 400,
      traceId: fits(ANALYTICS_PATTERNS.traceId, record.traceId),
      platform: fits(ANALYTICS_PATTERNS.platform, record.platform ?? platform),
      ...(record.graphqlErrors
        ? {
            graphqlErrors: record.graphqlErrors
              .filter((code) => ANALYTICS_PATTERNS.code.test(code))
              .slice(0, ANALYTICS_GRAPHQL_ERRORS_MAX),
          }
        : {}),
    });
  }

  function trackError(record?: ErrorRecord): void {
    if (!record) throw new Error(ANALYTICS_MISUSE.noArguments);
    if (!ANALYTICS_PATTERNS.code.test(record.code)) return;
    track({
      type: 'error',
      at: record.at,
      code: record.code,
      ...describeCode(record.code),
      traceId: fits(ANALYTICS_PATTERNS.traceId, record.traceId),
    });
  }

  function trackPageView(record?: PageViewRecord): void {
    if (!record) throw new Error(ANALYTICS_MISUSE.noArguments);
    track({ type: 'page_view', at: record.at, page: record.page, lang: record.lang });
  }

  /** The first events of `items` whose batch stays under `maxBytes` and `maxEvents` (at least one). */
  function take(items: Queued[], maxBytes: number, maxEvents: number): Queued[] {
    let bytes = BATCH_OVERHEAD_BYTES;
    let count = 0;
    for (const item of items) {
      if (count === maxEvents || (count > 0 && bytes + item.bytes + 1 > maxBytes)) break;
      bytes += item.bytes + 1;
      count += 1;
    }
    return items.slice(0, count);
  }

  const body = (items: Queued[], reported: number) =>
    JSON.stringify({ events: items.map((item) => item.event), ...(reported > 0 ? { dropped: reported } : {}) });

  function backOff(response: Response | null): void {
    failures += 1;
    const asked = response ? retryAfterMs(response.headers.get('Retry-After'), now()) : null;
    // Full jitter over a doubling wait: many tabs coming back at once do not knock together.
    const wait = asked ?? Math.min(RETRY_MAX_MS, ANALYTICS_SEND_INTERVAL_MS * 2 ** failures) * (0.5 + random() * 0.5);
    notBefore = now() + wait;
  }

  /** Sends the next batch when there is one, the browser is online and no wait is pending. */
  async function flush(): Promise<void> {
    if (inFlight.length > 0 || queue.length === 0 || !options.online() || now() < notBefore) {
      persist();
      return;
    }
    const items = take(queue, ANALYTICS_MAX_MESSAGE_BYTES, ANALYTICS_EVENTS_PER_BATCH);
    const reported = dropped;
    inFlight = items;
    queue = queue.slice(items.length);
    persist();
    let response: Response | null = null;
    try {
      response = await transport(body(items, reported), false);
    } catch {
      response = null;
    }
    inFlight = [];
    if (response?.ok) {
      failures = 0;
      notBefore = 0;
      dropped -= reported;
    } else if (response && (response.status === 400 || response.status === 413)) {
      // Refused as a whole: sending it again cannot help (the ingest counts the refusal).
      failures = 0;
    } else {
      queue = [...items, ...queue];
      backOff(response);
    }
    persist();
  }

  /** Page exit: chunks under ANALYTICS_EXIT_CHUNK_BYTES by keepalive, within the browser's budget; the rest is stored. */
  function flushAtExit(): void {
    // A page that is left is hidden first, then hidden away (`visibilitychange`, `pagehide`): both ask, one budget.
    let budget = KEEPALIVE_BUDGET_BYTES - keepaliveBytes;
    while (queue.length > 0) {
      const items = take(queue, ANALYTICS_EXIT_CHUNK_BYTES, ANALYTICS_EVENTS_PER_BATCH);
      const text = body(items, dropped);
      const bytes = encoder.encode(text).length;
      if (bytes > budget) break;
      budget -= bytes;
      keepaliveBytes += bytes;
      const reported = dropped;
      dropped = 0;
      queue = queue.slice(items.length);
      const putBack = () => {
        queue = [...items, ...queue];
        dropped += reported;
        persist();
      };
      // The page may stay (a hidden tab comes back): a chunk that did not arrive is queued again.
      transport(text, true)
        .then((response) => (response.ok ? undefined : putBack()), putBack)
        .finally(() => {
          keepaliveBytes -= bytes;
        });
    }
    persist();
  }

  function schedule(): void {
    timer = setTimeout(() => {
      void flush().finally(() => {
        if (timer !== null) schedule();
      });
    }, ANALYTICS_SEND_INTERVAL_MS);
  }

  const sink: AnalyticsSink = { api: trackApi, error: trackError, pageView: trackPageView };
  return {
    sink,
    track,
    flush,
    flushAtExit,
    /** Back online: the next batch goes now, whatever wait the failures had set. */
    online(): void {
      notBefore = 0;
      void flush();
    },
    start(): void {
      if (timer === null) schedule();
    },
    stop(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    /** For tests and the privacy page: what waits to be sent, and how many were dropped. */
    pending: () => ({ events: [...inFlight, ...queue].map((item) => item.event), dropped }),
  };
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;
