import { describe, expect, it } from 'vitest';
import { isProduction, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '.data',
      databaseUrl: undefined,
      redisUrl: undefined,
      portalEnv: 'dev',
      variant: 'business',
      brandName: 'Vireo Business',
    });
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/vireo',
      DATABASE_URL: 'postgres://portal@db:5432/portal',
      REDIS_URL: 'redis://cache:6379',
      PORTAL_ENV: 'prod',
      PORTAL_VARIANT: 'community',
      BRAND_NAME: 'Acme Business',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/vireo',
      databaseUrl: 'postgres://portal@db:5432/portal',
      redisUrl: 'redis://cache:6379',
      portalEnv: 'prod',
      variant: 'community',
      brandName: 'Acme Business',
    });
    expect(isProduction(config)).toBe(true);
  });

  it('keeps the customer-service numbers as E.164 with their national display form, and refuses an invalid one', () => {
    expect(loadConfig({}).customerService.business).toEqual({ e164: '+18005550123', display: '(800) 555-0123' });
    const config = loadConfig({ SUPPORT_PHONE_MOBILE: '+52 55 1234 5678' });
    expect(config.customerService.mobile).toEqual({ e164: '+525512345678', display: '55 1234 5678' });
    expect(() => loadConfig({ SUPPORT_PHONE_ENTERPRISE: '+1 800 555' })).toThrow(/SUPPORT_PHONE_ENTERPRISE/);
  });

  it('reads BILLING_CLOCK_START as an instant, outside production only (the screenshot comparison)', () => {
    expect(loadConfig({}).billingClockStart).toBeUndefined();
    expect(loadConfig({ BILLING_CLOCK_START: '2026-11-20T15:00:00Z' }).billingClockStart?.toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(loadConfig({ BILLING_CLOCK_START: '2026-11-20T10:00:00-05:00' }).billingClockStart?.toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(() => loadConfig({ BILLING_CLOCK_START: 'tomorrow' })).toThrow(/BILLING_CLOCK_START/);
    expect(() => loadConfig({ BILLING_CLOCK_START: '2026-11-20' })).toThrow(/BILLING_CLOCK_START/);
    expect(() => loadConfig({ BILLING_CLOCK_START: '2026-11-20T15:00:00Z', PORTAL_ENV: 'prod' })).toThrow(
      /BILLING_CLOCK_START: not allowed in production/,
    );
    // production decided from PUBLIC_URL's host refuses it too
    expect(() =>
      loadConfig({ BILLING_CLOCK_START: '2026-11-20T15:00:00Z', PUBLIC_URL: 'https://business.vireo.example' }),
    ).toThrow(/not allowed in production/);
    expect(loadConfig({ BILLING_CLOCK_START: '2026-11-20T15:00:00Z', PORTAL_ENV: 'qa' }).portalEnv).toBe('qa');
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PORTAL_ENV: 'moon' })).toThrow(
      /PORT.*DATABASE_URL.*PORTAL_ENV/s,
    );
  });

  it("decides the environment once: PORTAL_ENV, else PUBLIC_URL's host, else production (issue 14 item 4)", () => {
    for (const [publicUrl, env] of [
      ['http://localhost:3000', 'dev'],
      ['http://127.0.0.1:3201', 'dev'],
      ['http://[::1]:3000', 'dev'],
      ['https://portal.qa.vireo.example', 'qa'],
      ['http://portal-uat:3000', 'uat'],
      ['https://business.vireo.example', 'prod'],
      ['https://dev.evil.example.com', 'dev'],
    ] as const) {
      expect(loadConfig({ PUBLIC_URL: publicUrl }).portalEnv, publicUrl).toBe(env);
    }
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', PORTAL_ENV: 'prod' }).portalEnv).toBe('prod');
    expect(isProduction(loadConfig({ PUBLIC_URL: 'https://business.vireo.example' }))).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY names them: addresses or CIDRs (issue 14 item 9)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.example', '10.0.0.1,', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('limits slow requests and open connections (issue 14 item 10)', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 150_000,
      maxConnections: 2_000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '10' }).http).toMatchObject({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
      maxConnections: 10,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});
