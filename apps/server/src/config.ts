import { isIP } from 'node:net';
import {
  ANALYTICS_BATCHES_PER_MINUTE,
  type CustomerServiceLine,
  DEFAULT_BRAND_NAME,
  detectEnvironment,
  EMAIL_REQUESTS_PER_WINDOW,
  LOGIN_RATE_LIMIT_PER_MINUTE,
  type PhoneNumber,
  PORTAL_ENVS,
  PORTAL_VARIANTS,
  type PortalEnv,
  QUICK_PAY_LOOKUPS_PER_WINDOW,
  SPEED_TEST_REQUESTS_PER_WINDOW,
  SUPPORT_TICKETS_PER_HOUR,
  TRACKING_CHANGES_PER_WINDOW,
  VAULT_ATTEMPTS_PER_WINDOW,
} from '@vireo/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

/** proxy-addr's names for address ranges (Fastify's `trustProxy` accepts them beside addresses and CIDRs). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a range name: what Fastify's `trustProxy` list accepts. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * issue 14 item 9: `TRUST_PROXY` as Fastify's `trustProxy`: none (false), or the proxies' addresses and CIDRs. Not a
 * hop count: Fastify 5 ignores one (it cannot tell a proxy from a client that sends enough X-Forwarded-For hops).
 */
const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | string[] => {
    if (value === undefined) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'comma-separated addresses, CIDRs, loopback, linklocal or uniquelocal',
    });
    return z.NEVER;
  });

/**
 * The environment, decided once at start (issue 14 item 4; spec §9, product-decisions.md): `PORTAL_ENV`, else the
 * one `PUBLIC_URL`'s host names (loopback names and addresses are `dev`, the host suffix rules otherwise), else
 * production. Never from a request: no security decision rests on a header the client chose.
 */
export function environmentOf(portalEnv: PortalEnv | undefined, publicUrl: string): PortalEnv {
  return portalEnv ?? detectEnvironment(new URL(publicUrl).host) ?? 'prod';
}

/**
 * The whole configuration, read once from the environment and validated. Nothing else reads `process.env`.
 */
/**
 * A configured telephone number: refused at start unless libphonenumber-js finds it a valid number (E.164 expected),
 * then kept with its national display form ("(800) 555-0123"), so the browser needs no phone library.
 */
const phoneNumber = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, context): PhoneNumber => {
      const parsed = parsePhoneNumberFromString(text);
      if (!parsed?.isValid()) {
        context.addIssue({
          code: 'custom',
          message: `${text} is not a valid telephone number (E.164, e.g. +18005550123)`,
        });
        return z.NEVER;
      }
      return { e164: parsed.number, display: parsed.formatNational() };
    });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PORTAL_ENV: z.enum(PORTAL_ENVS).optional(),
  PORTAL_VARIANT: z.enum(PORTAL_VARIANTS).default('business'),
  BRAND_NAME: z.string().min(1).default(DEFAULT_BRAND_NAME),
  ENTERPRISE_BILLING_URL: z.url().default('https://enterprise.vireo.example/billing'),
  /** spec §9: the customer-service numbers per kind of customer, in E.164 (the defaults are fictional 555-01xx). */
  SUPPORT_PHONE_BUSINESS: phoneNumber('+18005550123'),
  SUPPORT_PHONE_MOBILE: phoneNumber('+18885550142'),
  SUPPORT_PHONE_ENTERPRISE: phoneNumber('+18665550155'),
  SUPPORT_PHONE_COMMUNITY: phoneNumber('+18555550177'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built SPA; empty to serve the API only. */
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** ADR 014: `off` sends every read to the embedded database (the API bench measures both paths). */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  /** The portal's public origin (cookies, the embedded issuer and its redirect URIs live under it). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** An external OpenID Connect issuer; unset: the embedded issuer at `${PUBLIC_URL}/oidc`. */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('sbnet-commercial-portal'),
  /** More portal origins the embedded issuer serves (e.g. the community host): their callbacks are accepted too. */
  OIDC_REDIRECT_URIS: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().min(16).optional(),
  /** The embedded issuer's signing keys: a JSON Web Key Set with private keys. */
  OIDC_JWKS: z.string().optional(),
  /** Comma-separated secrets that sign cookies and anti-forgery tokens (first one signs, all verify). */
  COOKIE_SECRETS: z.string().optional(),
  /** product-decisions.md: sign-in attempts per minute per client address (a test server signing everyone in from one address raises it). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(LOGIN_RATE_LIMIT_PER_MINUTE),
  /** issue 17: requests that e-mail someone (registration, recovery, a new link) per client address in 10 minutes (a test server raises it). */
  EMAIL_REQUEST_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().positive().default(EMAIL_REQUESTS_PER_WINDOW),
  /** wider-portal.md §1: Quick Pay account lookups per client address in 10 minutes (a test server raises it). */
  QUICK_PAY_LOOKUP_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().positive().default(QUICK_PAY_LOOKUPS_PER_WINDOW),
  /** A visit tracking link's ZIP checks and changes per client address and 10 minutes (raised for test servers only). */
  TRACKING_CHANGE_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().positive().default(TRACKING_CHANGES_PER_WINDOW),
  /** issue 21 item 4: support tickets per hour per client address, or per user when signed in (a test server raises it; files: twice 3 per ticket). */
  SUPPORT_TICKET_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(SUPPORT_TICKETS_PER_HOUR),
  /** issue 21 item 7: speed test requests (download, upload, ping) per user in 10 minutes (a test server raises it, and the results saved an hour, SPEED_TESTS_PER_HOUR at the default, with it). */
  SPEED_TEST_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().positive().default(SPEED_TEST_REQUESTS_PER_WINDOW),
  /** issue 23 item 2: analytics batches per client address in a minute (a test server raises it). */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(ANALYTICS_BATCHES_PER_MINUTE),
  /** Card vault operations per account, and per client address, in 10 minutes (issue 14 item 11; a test server raises it). */
  VAULT_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().positive().default(VAULT_ATTEMPTS_PER_WINDOW),
  /**
   * The card vault's AES-256 key: 64 hex digits or base64 of 32 bytes, or comma-separated `id:key` pairs (the first
   * encrypts, all decrypt). Required in production; elsewhere a fixed development key (pci-edge/vault-keys.ts).
   */
  VAULT_KEY: z.string().optional(),
  /** The simulated payment processor: added latency of every call, and a fault on every call (or a share of them). */
  PROCESSOR_LATENCY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  PROCESSOR_FAULT: z.enum(['none', 'timeout', 'timeout_after_commit', 'error']).default('none'),
  PROCESSOR_FAULT_RATE: z.coerce.number().min(0).max(1).default(1),
  /** issue 14 item 9: the proxies whose X-Forwarded-* headers count; unset: none. */
  TRUST_PROXY: TrustProxySchema,
  /** issue 14 item 10: the whole request, body included, must arrive within this (ms). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The request line and headers must arrive within this (ms); at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** An idle keep-alive connection is closed after this (ms); above a load balancer's idle timeout (Fastify's 72 s). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** A connection with no traffic either way is closed after this (ms): above the slowest answer (processor 120 s). */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(150_000),
  /** Open connections the server accepts at once; more are refused. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /**
   * Non-production: the instant a fresh database's billing clock starts at (ISO 8601 with a zone, e.g.
   * `2026-11-20T15:00:00Z`), so its demo data and every page built on it are the same on every run (the browser
   * suite's screenshot comparison). Refused in production.
   */
  /**
   * wider-portal.md §2: where e-mail goes, `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer); unset: it stays
   * in the outbox, read at the non-production mailbox.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of every e-mail (`Name <address>`); default: the brand at `no-reply@` the public host. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  BILLING_CLOCK_START: z.iso
    .datetime({ offset: true })
    .transform((text) => new Date(text))
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The environment, decided once at start (`environmentOf`): `PORTAL_ENV`, else `PUBLIC_URL`'s host. */
  portalEnv: PortalEnv;
  variant: (typeof PORTAL_VARIANTS)[number];
  brandName: string;
  enterpriseBillingUrl: string;
  customerService: Record<CustomerServiceLine, PhoneNumber>;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  databasePoolSize: number;
  readCache: boolean;
  publicUrl: string;
  oidc: {
    issuerUrl: string | undefined;
    clientId: string;
    clientSecret: string | undefined;
    jwks: string | undefined;
    extraRedirectUris: string[];
  };
  cookieSecrets: string[] | undefined;
  loginRateLimitPerMinute: number;
  vaultRateLimitPerWindow: number;
  emailRequestRateLimitPerWindow: number;
  quickPayLookupRateLimitPerWindow: number;
  trackingChangeRateLimitPerWindow: number;
  supportTicketRateLimitPerHour: number;
  speedTestRateLimitPerWindow: number;
  analyticsRateLimitPerMinute: number;
  /** Raw `VAULT_KEY`; parsed (and required in production) by `loadVaultKeys`. */
  vaultKey: string | undefined;
  processor: {
    latencyMs: number;
    fault: 'none' | 'timeout' | 'timeout_after_commit' | 'error';
    /** Share of calls the fault applies to, 0-1. */
    faultRate: number;
  };
  /** Fastify's `trustProxy`: false (the default: no forwarded header counts), or the proxies' addresses and CIDRs. */
  trustProxy: false | string[];
  /** issue 14 item 10: limits of the HTTP server (ms, and a connection count). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    connectionTimeoutMs: number;
    maxConnections: number;
  };
  /** `BILLING_CLOCK_START`: where a fresh database's billing clock starts (non-production only). */
  billingClockStart: Date | undefined;
  /** E-mail delivery: `smtpUrl` unset keeps mail in the outbox. */
  mail: { smtpUrl: string | undefined; from: string };
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const portalEnv = environmentOf(e.PORTAL_ENV, publicUrl);
  if (e.BILLING_CLOCK_START && portalEnv === 'prod') {
    throw new Error(
      'Invalid configuration: BILLING_CLOCK_START: not allowed in production (the billing clock is real time)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    portalEnv,
    variant: e.PORTAL_VARIANT,
    brandName: e.BRAND_NAME,
    enterpriseBillingUrl: e.ENTERPRISE_BILLING_URL,
    customerService: {
      business: e.SUPPORT_PHONE_BUSINESS,
      mobile: e.SUPPORT_PHONE_MOBILE,
      enterprise: e.SUPPORT_PHONE_ENTERPRISE,
      community: e.SUPPORT_PHONE_COMMUNITY,
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    readCache: e.READ_CACHE === 'on',
    publicUrl,
    oidc: {
      issuerUrl: e.OIDC_ISSUER_URL,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      jwks: e.OIDC_JWKS,
      extraRedirectUris:
        e.OIDC_REDIRECT_URIS?.split(',')
          .map((uri) => uri.trim())
          .filter(Boolean) ?? [],
    },
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    vaultRateLimitPerWindow: e.VAULT_RATE_LIMIT_PER_WINDOW,
    emailRequestRateLimitPerWindow: e.EMAIL_REQUEST_RATE_LIMIT_PER_WINDOW,
    quickPayLookupRateLimitPerWindow: e.QUICK_PAY_LOOKUP_RATE_LIMIT_PER_WINDOW,
    trackingChangeRateLimitPerWindow: e.TRACKING_CHANGE_RATE_LIMIT_PER_WINDOW,
    supportTicketRateLimitPerHour: e.SUPPORT_TICKET_RATE_LIMIT_PER_HOUR,
    speedTestRateLimitPerWindow: e.SPEED_TEST_RATE_LIMIT_PER_WINDOW,
    analyticsRateLimitPerMinute: e.ANALYTICS_RATE_LIMIT_PER_MINUTE,
    cookieSecrets: e.COOKIE_SECRETS?.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    vaultKey: e.VAULT_KEY,
    processor: { latencyMs: e.PROCESSOR_LATENCY_MS, fault: e.PROCESSOR_FAULT, faultRate: e.PROCESSOR_FAULT_RATE },
    trustProxy: e.TRUST_PROXY,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.BRAND_NAME.replaceAll('"', '')}" <no-reply@${new URL(publicUrl).hostname}>`,
    },
    billingClockStart: e.BILLING_CLOCK_START,
  };
}

/**
 * Non-production environments have demo data, the mailbox and the dev controls (billing clock, flags, faults;
 * product-decisions.md). Decided once at start: `PORTAL_ENV`, else `PUBLIC_URL`'s host (an unknown host is prod).
 */
export function isProduction(config: Pick<Config, 'portalEnv'>): boolean {
  return config.portalEnv === 'prod';
}
