import { AsyncLocalStorage } from 'node:async_hooks';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/**
 * Who is on the other end of the work being done (issue 18 item 6, wider-portal.md §4 "from where"): the HTTP request
 * a change is made in, kept in an AsyncLocalStorage that a hook in app.ts sets before each handler, so the audit
 * entries written deep in a service know the address and browser without every call site passing them. Background
 * work runs outside any request (`asSystem`), even when a request started it (the non-production clock routes).
 */
export type RequestContext = {
  /** The client's address as Fastify resolved it (`trustProxy` decides whether X-Forwarded-For counts). */
  ip: string | null;
  userAgent: string | null;
  /** The request's id (its log key): an audit entry that names none is the request's (issue 21: what support traces). */
  requestId?: string;
};

const storage = new AsyncLocalStorage<RequestContext | null>();

/** The request the current work belongs to; null in background work and jobs. */
export function currentRequest(): RequestContext | null {
  return storage.getStore() ?? null;
}

/** Runs `fn` (and everything it starts) as part of a request. */
export function withRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Runs `fn` as Vireo's own work, outside any request (background work, jobs). */
export function asSystem<T>(fn: () => T): T {
  return storage.run(null, fn);
}

/** The eight groups of an IPv6 address, `::` expanded; null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail (`::1.2.3.4`) counts as two groups; only the first three are kept anyway
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const missing = 8 - width(left) - width(right);
  if (tail === undefined && missing !== 0) return null;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
}

/**
 * wider-portal.md §4: an address is kept truncated, never whole: IPv4 to its /24 (`203.0.113.0`), IPv6 to its /48
 * (`2001:db8:85a3::`); an IPv4 address written as IPv6 (`::ffff:203.0.113.7`) counts as IPv4.
 */
export function ipPrefixOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (!isIPv6(ip)) return null;
  const groups = ipv6Groups(ip.split('%')[0] as string);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::`;
}

/**
 * Private, loopback, link-local and shared ranges (RFC 1918, 6598, 4193, 3927): an address there says only "a local
 * network", no place (issue 18 item 2, the signed-in sessions' approximate place).
 */
const LOCAL_RANGES = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['100.64.0.0', 10],
  ] as const) {
    list.addSubnet(net, bits, 'ipv4');
  }
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
})();

/** Whether an address is on a local network (private, loopback or link-local), IPv4 written as IPv6 included. */
export function isLocalAddress(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return LOCAL_RANGES.check(v4, 'ipv4');
  const bare = ip.split('%')[0] as string;
  return isIPv6(bare) && LOCAL_RANGES.check(bare, 'ipv6');
}

const BROWSER_MAX = 80;

/**
 * The browser (name and major version, "Chrome 131") and the operating system ("macOS") of a User-Agent header
 * (bowser, ADR 028); what is unknown is null.
 */
export function browserPartsOf(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent.slice(0, 1_000));
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  return { browser: browser?.slice(0, BROWSER_MAX) ?? null, os: parsed.os.name?.slice(0, BROWSER_MAX) ?? null };
}

/**
 * A browser as a person names it, "Chrome 131 on macOS" (bowser, ADR 028), from a User-Agent header: the name and
 * major version of the browser and the operating system; what is unknown is left out; null for no header.
 */
export function browserOf(userAgent: string | null | undefined): string | null {
  const { browser, os } = browserPartsOf(userAgent);
  const text = browser && os ? `${browser} on ${os}` : (browser ?? os);
  return text ? text.slice(0, BROWSER_MAX) : null;
}
