import { Link } from '@tanstack/react-router';
import { Building2, House, type LucideIcon, ReceiptText, Router, UserCog, Users } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useFlag } from '../../features/flags/use-flag';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import { type NavigationTab, type NavigationTabId, navigationTabs } from './navigation-tabs';

/** Each tab's icon (lucide, ADR 025): decorative, the label names the link. */
const TAB_ICONS: Record<NavigationTabId, LucideIcon> = {
  accountSummary: House,
  billing: ReceiptText,
  services: Router,
  profileSettings: UserCog,
  users: Users,
  community: Building2,
};

function TabIcon({ id, className }: { id: NavigationTabId; className: string }) {
  const Icon = TAB_ICONS[id];
  return <Icon aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />;
}

/**
 * The navigation tabs of spec §2.3, in the side menu (≥ 1090 px) and the mobile footer (below). A chunk of its own:
 * only signed-in users see it. It suspends until the flags are there (useFlag), so the tabs render once, with their
 * final set.
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
              className="flex min-h-11 items-center gap-3 rounded-md border-l-4 border-transparent px-3 font-medium text-ink hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
            >
              <TabIcon id={tab.id} className="size-5 shrink-0" />
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
          <li key={tab.id} className="min-w-0 flex-1">
            <Link
              to={tab.to}
              className="flex min-h-14 flex-col items-center justify-center gap-0.5 border-t-4 border-transparent px-1 text-center text-xs font-semibold whitespace-nowrap text-ink aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900"
            >
              <TabIcon id={tab.id} className="size-5 shrink-0" />
              {intl.formatMessage({ id: tab.shortLabelId })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
