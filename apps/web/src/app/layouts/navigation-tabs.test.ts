import { capabilitiesOf, type PortalRole } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { type NavigationTabId, navigationTabs, type TabsFlags } from './navigation-tabs';

function profile(role: PortalRole, overrides: { hasBulkAgreement?: boolean } = {}) {
  return { capabilities: capabilitiesOf(role), hasBulkAgreement: overrides.hasBulkAgreement ?? false };
}

const PREFS_ON: TabsFlags = { userPreferences: true, communityTab: true };
const PREFS_OFF: TabsFlags = { userPreferences: false, communityTab: true };

describe('navigationTabs (spec §2.3)', () => {
  it.each<[string, ReturnType<typeof profile> | null, TabsFlags, NavigationTabId[]]>([
    ['no profile: no tabs', null, PREFS_OFF, []],
    [
      'PRIMARY (harbor-owner), user preferences off: Users tab',
      profile('PRIMARY'),
      PREFS_OFF,
      ['accountSummary', 'billing', 'services', 'profileSettings', 'users'],
    ],
    [
      'PRIMARY, user preferences on: users live under /user-preferences',
      profile('PRIMARY'),
      PREFS_ON,
      ['accountSummary', 'billing', 'services', 'profileSettings'],
    ],
    [
      'ADMIN, user preferences off',
      profile('ADMIN'),
      PREFS_OFF,
      ['accountSummary', 'billing', 'services', 'profileSettings', 'users'],
    ],
    [
      'BILLING: billing, no users',
      profile('BILLING'),
      PREFS_OFF,
      ['accountSummary', 'billing', 'services', 'profileSettings'],
    ],
    [
      'STANDARD (harbor-staff): no billing, no users',
      profile('STANDARD'),
      PREFS_OFF,
      ['accountSummary', 'services', 'profileSettings'],
    ],
    [
      'bulk agreement with the community tab flag',
      profile('PRIMARY', { hasBulkAgreement: true }),
      PREFS_ON,
      ['accountSummary', 'billing', 'services', 'profileSettings', 'community'],
    ],
    [
      'bulk agreement without the community tab flag',
      profile('PRIMARY', { hasBulkAgreement: true }),
      { userPreferences: true, communityTab: false },
      ['accountSummary', 'billing', 'services', 'profileSettings'],
    ],
    [
      'community flag without a bulk agreement',
      profile('STANDARD'),
      { userPreferences: true, communityTab: true },
      ['accountSummary', 'services', 'profileSettings'],
    ],
  ])('%s', (_title, user, flags, expected) => {
    expect(navigationTabs(user, flags).map((tab) => tab.id)).toEqual(expected);
  });

  it('keeps the Billing tab for enterprise accounts (they land on the enterprise page)', () => {
    const enterprise = { ...profile('PRIMARY'), isEnterprise: true };
    expect(navigationTabs(enterprise, PREFS_ON).map((tab) => tab.id)).toContain('billing');
  });

  it('links each tab to its page', () => {
    const tabs = navigationTabs(profile('PRIMARY', { hasBulkAgreement: true }), PREFS_OFF);
    expect(Object.fromEntries(tabs.map((tab) => [tab.id, tab.to]))).toEqual({
      accountSummary: '/account-summary',
      billing: '/billing',
      services: '/services',
      profileSettings: '/profile-and-settings',
      users: '/manage-users/list',
      community: '/community',
    });
  });
});
