import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE } from '../../components/ui/form-styles';
import { SecuritySection } from '../../features/security/components/security-section';
import { useSessionProfile } from '../../features/session/api/get-session-profile';

/**
 * `/profile-and-settings` (wider-portal.md §3): the Security section for now (issue 18 item 2; personal details,
 * notifications and company come later), and for those who may read it (audit.view: PRIMARY, ADMIN) a link to the
 * account's audit log. Composed here because it reads the session profile (features/session) beside features/security.
 */
export function ProfileSettingsPage() {
  const intl = useIntl();
  const profile = useSessionProfile();
  const canViewAudit = profile?.capabilities.includes('audit.view') ?? false;
  return (
    <div className={`${PAGE} space-y-6`}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.profileSettings' })}</h1>
      <SecuritySection />
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
