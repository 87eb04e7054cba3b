import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './roles';

describe('capabilitiesOf (product-decisions.md roles; wider-portal.md §10)', () => {
  it.each([
    ['PRIMARY', {}, false, false],
    ['PRIMARY', { hasBulkAgreement: true }, true, true],
    ['ADMIN', { hasBulkAgreement: true }, true, true],
    ['BILLING', { hasBulkAgreement: true }, true, false],
    ['STANDARD', { hasBulkAgreement: true }, true, false],
    ['STANDARD', {}, false, false],
    ['nobody', { hasBulkAgreement: true }, false, false],
  ])('%s %o: community.view %s, community.manage %s', (role, traits, view, manage) => {
    const list = capabilitiesOf(role, traits);
    expect(list.includes('community.view')).toBe(view);
    expect(list.includes('community.manage')).toBe(manage);
  });

  it('gives voice.manage to the admin group of an account with phone meta only', () => {
    expect(capabilitiesOf('ADMIN', { hasPhoneMeta: true })).toContain('voice.manage');
    expect(capabilitiesOf('ADMIN')).not.toContain('voice.manage');
    expect(capabilitiesOf('BILLING', { hasPhoneMeta: true })).not.toContain('voice.manage');
  });
});
