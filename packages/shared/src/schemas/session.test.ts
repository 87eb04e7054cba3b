import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET_URL, safeTargetUrl } from './session';

describe('safeTargetUrl (spec §2.3: same-origin paths only)', () => {
  it.each(['/billing/pay-bill?open=otp', '/account-summary', '/profile-and-settings?goToCompany=true#top'])(
    'keeps %s',
    (target) => expect(safeTargetUrl(target)).toBe(target),
  );

  it.each([
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/api/pub/session/v1/logout',
    '/login',
    '/sign-in-redirect?targetUrl=//evil.example',
    '/billing\u0000',
    '/a\nb',
    '',
    undefined,
    42,
    `/${'a'.repeat(3000)}`,
  ])('sends %j to the account summary', (target) => expect(safeTargetUrl(target)).toBe(DEFAULT_TARGET_URL));
});
