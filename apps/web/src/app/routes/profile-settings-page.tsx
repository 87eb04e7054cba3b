import { Link, useSearch } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE } from '../../components/ui/form-styles';
import { NotificationsSection } from '../../features/notifications/components/notifications-section';
import { PrivacySection } from '../../features/privacy/components/privacy-section';
import { CompanySection } from '../../features/profile/components/company-section';
import { PersonalSection } from '../../features/profile/components/personal-section';
import { SecuritySection } from '../../features/security/components/security-section';
import { useSessionProfile } from '../../features/session/api/get-session-profile';

/** Notifications' "add a mobile number": the Personal section's number field (features do not reach each other). */
function focusMobileNumber() {
  const field = document.querySelector<HTMLInputElement>('input[name="mobilePhone"]');
  field?.scrollIntoView({ block: 'center' });
  field?.focus();
}

/**
 * `/profile-and-settings` (wider-portal.md §3): Personal details (issue 18 item 1), the Company section for those who
 * may manage it (`company.manage`: PRIMARY, ADMIN; `?goToCompany=true` scrolls to it and focuses its title), Security
 * (issue 18 item 2), Notifications (issue 18 item 4), Privacy (issue 23 item 3: the usage analytics choice and a link
 * to /profile-and-settings/privacy) and, for those with `audit.view` (PRIMARY, ADMIN), a link to the account's audit
 * log. Composed here because it reads the session profile (features/session) beside features/profile,
 * features/security, features/notifications and features/privacy, and because Notifications sends the person to
 * Personal's mobile number.
 */
export function ProfileSettingsPage() {
  const intl = useIntl();
  const profile = useSessionProfile();
  // spec §2.2 `goToCompany=true` (the router reads `true` as a boolean). Read here rather than through a search schema
  // in route-search.ts: that file is in every page's first load, and /billing/mobile/pay is at its 170 kB budget
  const goToCompany = (useSearch({ strict: false }) as { goToCompany?: unknown }).goToCompany === true;
  const canViewAudit = profile?.capabilities.includes('audit.view') ?? false;
  const canManageCompany = profile?.capabilities.includes('company.manage') ?? false;
  return (
    <div className={`${PAGE} space-y-6`}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.profileSettings' })}</h1>
      <PersonalSection />
      {canManageCompany ? <CompanySection focusOnOpen={goToCompany} /> : null}
      <SecuritySection />
      <NotificationsSection onAddMobile={focusMobileNumber} />
      <PrivacySection />
      {canViewAudit ? (
        <p>
          <Link
            to="/profile-and-settings/audit-log"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {intl.formatMessage({ id: 'security.auditLink' })}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
