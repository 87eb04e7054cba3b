import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useFlag } from '../../features/flags/use-flag';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import { type NavigationTab, navigationTabs } from './navigation-tabs';

/**
 * The navigation tabs of spec §2.3, in the side menu (≥ 1090 px) and the mobile footer (below). A chunk of its own
 * with the OpenFeature React SDK: only signed-in users see it. Loaded after the flags are ready (root-layout.tsx),
 * so the tabs render once, with their final set.
 */
function useNavigationTabs(): NavigationTab[] {
  const profile = useSessionProfile();
  const userPreferences = useFlag('userPreferences');
  const communityTab = useFlag('communityTab');
  return navigationTabs(profile, { userPreferences, communityTab });
}

export function SideMenu() {
  const intl = useIntl();
  const tabs = useNavigationTabs();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.label' })} className="sticky top-0 py-6">
      <ul className="space-y-1 px-3">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              className="flex min-h-11 items-center rounded-md border-l-4 border-transparent px-3 font-medium text-ink hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
            >
              {intl.formatMessage({ id: tab.labelId })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MobileFooterNav() {
  const intl = useIntl();
  const tabs = useNavigationTabs();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.label' })}>
      <ul className="flex overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.id} className="min-w-24 flex-1">
            <Link
              to={tab.to}
              className="flex min-h-14 items-center justify-center border-t-4 border-transparent px-2 text-center text-sm font-medium text-ink aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900"
            >
              {intl.formatMessage({ id: tab.labelId })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
