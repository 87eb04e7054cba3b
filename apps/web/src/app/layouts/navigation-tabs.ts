import type { FlagValues, SessionProfile } from '@vireo/shared';
import type { AppPath } from '../../lib/app-path';
import type { MessageId } from '../../messages';

export type NavigationTabId = 'accountSummary' | 'billing' | 'services' | 'profileSettings' | 'users' | 'community';

export type NavigationTab = {
  id: NavigationTabId;
  to: AppPath;
  labelId: MessageId;
  /** The mobile footer's label: one short word, so that five tabs fit a 390 px screen without wrapping. */
  shortLabelId: MessageId;
};

const TABS: Record<NavigationTabId, NavigationTab> = {
  accountSummary: {
    id: 'accountSummary',
    to: '/account-summary',
    labelId: 'nav.accountSummary',
    shortLabelId: 'nav.short.accountSummary',
  },
  billing: { id: 'billing', to: '/billing', labelId: 'nav.billing', shortLabelId: 'nav.short.billing' },
  services: { id: 'services', to: '/services', labelId: 'nav.services', shortLabelId: 'nav.short.services' },
  profileSettings: {
    id: 'profileSettings',
    to: '/profile-and-settings',
    labelId: 'nav.profileSettings',
    shortLabelId: 'nav.short.profileSettings',
  },
  users: { id: 'users', to: '/manage-users/list', labelId: 'nav.users', shortLabelId: 'nav.short.users' },
  community: { id: 'community', to: '/community', labelId: 'nav.community', shortLabelId: 'nav.short.community' },
};

export type TabsProfile = Pick<SessionProfile, 'capabilities' | 'hasBulkAgreement'>;
export type TabsFlags = Pick<FlagValues, 'userPreferences' | 'communityTab'>;

/**
 * spec §2.3 navigation tabs; "billing access, admin flag and profile presence configure the tabs".
 * - No profile, no tabs.
 * - Billing: billing access (`billing.view`). Enterprise accounts keep the tab: billing routes show them the
 *   enterprise landing page (product-decisions.md).
 * - Users: admins (`users.manage`), and only while `userPreferences` is off; when it is on, user management lives
 *   under /user-preferences.
 * - Your Community: accounts with a bulk (master) agreement, when the `communityTab` flag is on.
 */
export function navigationTabs(profile: TabsProfile | null | undefined, flags: TabsFlags): NavigationTab[] {
  if (!profile) return [];
  const tabs: NavigationTab[] = [TABS.accountSummary];
  if (profile.capabilities.includes('billing.view')) tabs.push(TABS.billing);
  tabs.push(TABS.services, TABS.profileSettings);
  if (profile.capabilities.includes('users.manage') && !flags.userPreferences) tabs.push(TABS.users);
  if (profile.hasBulkAgreement && flags.communityTab) tabs.push(TABS.community);
  return tabs;
}
