import { describe, expect, it } from 'vitest';
import { parseSupportCode, SUPPORT_CODE_PATTERN, supportCodeOf } from './support-code';

describe('support codes (issue 23 item 4)', () => {
  it('are eight characters of Crockford base 32 in two groups, the same for the same trace id', () => {
    const code = supportCodeOf('5f0c6c1e-8d4b-4c2a-9f57-3f2f6f1f1b2a');
    expect(code).toMatch(SUPPORT_CODE_PATTERN);
    expect(supportCodeOf('5f0c6c1e-8d4b-4c2a-9f57-3f2f6f1f1b2a')).toBe(code);
  });

  it('differ for trace ids one character apart, and practically never meet', () => {
    expect(supportCodeOf('wbqrstvxyzab')).not.toBe(supportCodeOf('wbqrstvxyzac'));
    const codes = new Set(Array.from({ length: 20_000 }, (_, i) => supportCodeOf(`trace-${i.toString(36)}`)));
    expect(codes.size).toBe(20_000);
  });

  it('use every character of the alphabet in every position (no position stuck)', () => {
    const seen = Array.from({ length: 8 }, () => new Set<string>());
    for (let i = 0; i < 5_000; i += 1) {
      for (const [position, char] of [...supportCodeOf(`t${i}`).replace('-', '')].entries()) seen[position]?.add(char);
    }
    for (const position of seen) expect(position.size).toBe(32);
  });

  it('are read back as a person types them: any case, spaces or no dash, O as 0, I and L as 1', () => {
    expect(parseSupportCode('k7qm-2xpa')).toBe('K7QM-2XPA');
    expect(parseSupportCode(' K7QM 2XPA ')).toBe('K7QM-2XPA');
    expect(parseSupportCode('K7QM2XPA')).toBe('K7QM-2XPA');
    expect(parseSupportCode('KOQM-IXPL')).toBe('K0QM-1XP1');
    const code = supportCodeOf('any-trace');
    expect(parseSupportCode(code.toLowerCase())).toBe(code);
  });

  it('refuse what is not a code: wrong length, a letter outside the alphabet', () => {
    for (const input of ['', 'K7QM-2XP', 'K7QM-2XPAA', 'K7QM-2XPU', '4111-1111-1111-1111', 'K7QM_2XPA']) {
      expect(parseSupportCode(input)).toBeNull();
    }
  });
});
