import { describe, expect, it } from 'vitest';
import { maskCompanyName, QuickPayLookupRequestSchema } from './quick-pay';

describe('Quick Pay (wider-portal.md §1)', () => {
  it('masks each word of the company to its first two characters and ***', () => {
    expect(maskCompanyName('Harbor Coffee Co.')).toBe('Ha*** Co*** Co***');
    expect(maskCompanyName('Oak & Ivy Florist')).toBe('Oa*** & Iv*** Fl***');
    expect(maskCompanyName('  Élan   B ')).toBe('Él*** B***');
  });

  it('takes the account number as printed (spaces, dashes) and a 5-digit ZIP', () => {
    expect(QuickPayLookupRequestSchema.parse({ billingAccount: '8260 1700-1001 1234', zip: '04101' })).toEqual({
      billingAccount: '8260170010011234',
      zip: '04101',
    });
    expect(QuickPayLookupRequestSchema.safeParse({ billingAccount: '8260170010011234', zip: '0410' }).success).toBe(
      false,
    );
    expect(
      QuickPayLookupRequestSchema.safeParse({ billingAccount: '8260170010011234', zip: '04101', accountId: 'x' })
        .success,
    ).toBe(false);
  });
});
