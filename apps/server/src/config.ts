import {
  DEFAULT_BRAND_NAME,
  LOGIN_RATE_LIMIT_PER_MINUTE,
  PORTAL_ENVS,
  PORTAL_VARIANTS,
  VAULT_ATTEMPTS_PER_WINDOW,
} from '@vireo/shared';
import { z } from 'zod';

/**
 * The whole configuration, read once from the environment and validated. Nothing else reads `process.env`.
 */
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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Fixed environment; when unset it is detected per request from the host suffix (spec §9). */
  portalEnv: (typeof PORTAL_ENVS)[number] | undefined;
  variant: (typeof PORTAL_VARIANTS)[number];
  brandName: string;
  enterpriseBillingUrl: string;
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
  /** Raw `VAULT_KEY`; parsed (and required in production) by `loadVaultKeys`. */
  vaultKey: string | undefined;
  processor: {
    latencyMs: number;
    fault: 'none' | 'timeout' | 'timeout_after_commit' | 'error';
    /** Share of calls the fault applies to, 0-1. */
    faultRate: number;
  };
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    portalEnv: e.PORTAL_ENV,
    variant: e.PORTAL_VARIANT,
    brandName: e.BRAND_NAME,
    enterpriseBillingUrl: e.ENTERPRISE_BILLING_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    readCache: e.READ_CACHE === 'on',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
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
    cookieSecrets: e.COOKIE_SECRETS?.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    vaultKey: e.VAULT_KEY,
    processor: { latencyMs: e.PROCESSOR_LATENCY_MS, fault: e.PROCESSOR_FAULT, faultRate: e.PROCESSOR_FAULT_RATE },
  };
}

/** Non-production environments have demo data, the mailbox and the billing-clock control (product-decisions.md). */
export function isProduction(config: Pick<Config, 'portalEnv'>): boolean {
  return config.portalEnv === 'prod';
}
