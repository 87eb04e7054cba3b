import { describe, expect, it } from 'vitest';
import { detectEnvironment, detectVariant } from './env';
import { ERROR_STATUS } from './error-status';
import { AppError, ERROR_CODES } from './errors';
import { hasBillingAccess, isAdminGroup, parsePortalRole } from './roles';

describe('environment detection by host suffix (spec §9)', () => {
  it.each([
    ['localhost:3000', 'dev'],
    ['127.0.0.1', 'dev'],
    ['127.4.5.6:8080', 'dev'],
    ['[::1]:3000', 'dev'],
    ['app.localhost', 'dev'],
    ['portal.qa', 'qa'],
    ['business.stage.vireo.example', 'stage'],
    ['portal-uat', 'uat'],
    ['portal.engprod.vireo.example', 'engprod'],
    ['mock', 'mock'],
    ['business.vireo.example', null],
  ])('%s is %s', (host, env) => expect(detectEnvironment(host)).toBe(env));

  it('serves the community variant on community.* hosts', () => {
    expect(detectVariant('community.vireo.example')).toBe('community');
    expect(detectVariant('business.vireo.example')).toBeNull();
  });
});

describe('roles (spec §6)', () => {
  it('matches case-insensitively and groups roles', () => {
    expect(parsePortalRole('admin')).toBe('ADMIN');
    expect(parsePortalRole('owner')).toBeNull();
    expect(isAdminGroup('Primary')).toBe(true);
    expect(isAdminGroup('billing')).toBe(false);
    expect(hasBillingAccess('BILLING')).toBe(true);
    expect(hasBillingAccess('standard')).toBe(false);
    expect(hasBillingAccess('nonsense')).toBe(false);
  });
});

describe('errors', () => {
  it('maps every code to an HTTP status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.IN_MAINTENANCE).toBe(401);
    const error = new AppError('IN_MAINTENANCE');
    expect(error.code).toBe('IN_MAINTENANCE');
    expect(AppError.is(error)).toBe(true);
  });
});
