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
      portalEnv: undefined,
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

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PORTAL_ENV: 'moon' })).toThrow(
      /PORT.*DATABASE_URL.*PORTAL_ENV/s,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});
