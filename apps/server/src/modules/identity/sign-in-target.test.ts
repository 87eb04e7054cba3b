import { DEFAULT_TARGET_URL } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { safeSignInTarget } from './sign-in-target';

describe('safeSignInTarget (spec §2.3 and issue 14 item 6)', () => {
  it.each(['/billing/pay-bill?open=otp', '/account-summary'])('keeps %s', (target) =>
    expect(safeSignInTarget(target)).toBe(target),
  );

  it.each([
    'https://evil.example/phish',
    '//evil.example',
    // issue 14 item 6: a card number in the target would be kept with the sign-in transaction
    '/billing?cardNumber=6011111111111117',
    '/statements/4242-4242-4242-4242',
  ])('sends %j to the account summary', (target) => expect(safeSignInTarget(target)).toBe(DEFAULT_TARGET_URL));
});
