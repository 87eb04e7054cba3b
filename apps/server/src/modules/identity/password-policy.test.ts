import { describe, expect, it } from 'vitest';
import { isCommonPassword, judgePassword } from './password-policy';

/**
 * wider-portal.md §1 (NIST SP 800-63B, ASVS 5 V6): 12-128 characters, no composition rules, not common (ADR 027), not
 * containing the username; zxcvbn's score for the meter.
 */
describe('the password policy', () => {
  it.each([
    ['correct horse battery staple', true],
    ['Vireo-Demo-2026', true],
    // no composition rules: lower-case letters and spaces only are fine when long and uncommon
    ['mi contraseña de la tienda', true],
    ['an emoji counts as one 🌿', true],
  ])('accepts %j', (password, acceptable) => {
    expect(judgePassword(password, { username: 'harbor-owner' }).acceptable).toBe(acceptable);
  });

  it('refuses fewer than 12 characters, counting characters as people do (code points)', () => {
    expect(judgePassword('short-pass1').problems).toEqual(['tooShort']);
    // 11 characters, 12 UTF-16 units: still too short
    expect(judgePassword('ñandú-fuer🌿').problems).toContain('tooShort');
    expect(judgePassword('twelve chars').problems).toEqual([]);
  });

  it('refuses more than 128 characters', () => {
    expect(judgePassword('a quiet harbor at dawn '.repeat(6)).problems).toEqual(['tooLong']);
    expect(judgePassword('x'.repeat(128)).problems).not.toContain('tooLong');
  });

  it('refuses a password on the list of common ones (ADR 027: the whole list), whatever the case', () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('PASSWORD1234')).toBe(true);
    expect(isCommonPassword('qwertyuiop123')).toBe(true);
    expect(judgePassword('password1234').problems).toEqual(['common']);
    expect(isCommonPassword('harbor coffee on the pier')).toBe(false);
  });

  it('refuses a password that contains the username, in any case', () => {
    expect(judgePassword('my HARBOR-OWNER secret', { username: 'harbor-owner' }).problems).toEqual([
      'containsUsername',
    ]);
  });

  it('scores for the meter: 0 for a refused password, low for guessable words, 4 for a long passphrase', () => {
    expect(judgePassword('password1234').score).toBe(0);
    const ownWords = judgePassword('harborcoffee2026', {
      username: 'pat',
      words: ['Harbor Coffee Co.', 'harborcoffee'],
    });
    expect(ownWords.acceptable).toBe(true);
    expect(ownWords.score).toBeLessThanOrEqual(2);
    expect(ownWords.warning).not.toBeNull();
    const passphrase = judgePassword('correct horse battery staple');
    expect(passphrase).toEqual({ acceptable: true, problems: [], score: 4, warning: null });
  });
});
