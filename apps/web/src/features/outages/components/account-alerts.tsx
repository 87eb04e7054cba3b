import { CalendarClock, TriangleAlert } from 'lucide-react';
import { useIntl } from 'react-intl';
import { SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import type { Alert } from '../api/alerts-api';

const STYLE: Record<Alert['severity'], string> = {
  info: 'border-brand-700 bg-brand-50',
  warning: 'border-warning-700 bg-warning-50',
  error: 'border-danger-700 bg-danger-50',
};

/**
 * The account summary's alerts (issue 20 item 6, wider-portal.md §8), first on the page: every outage and planned
 * maintenance at the account's service address, under way or announced, in the reader's language. Nothing when there
 * is none or network operations does not answer (the page's other cards carry on). The page reads them (it waits for
 * their first answer before drawing what is under them).
 */
export function AccountAlerts({ alerts }: { alerts: readonly Alert[] | undefined }) {
  const intl = useIntl();
  if (!alerts || alerts.length === 0) return null;
  return (
    <section aria-labelledby="account-alerts-title" className="mt-6">
      <h2 id="account-alerts-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'outages.alerts.title' })}
      </h2>
      <ul className="mt-3 grid gap-3">
        {alerts.map((alert) => {
          const Icon = alert.type === 'outage' ? TriangleAlert : CalendarClock;
          return (
            <li key={alert.id} className={`rounded-md border-l-4 px-4 py-3 ${STYLE[alert.severity]}`}>
              <p className="flex items-center gap-2 font-semibold text-ink">
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {intl.formatMessage({
                  id:
                    alert.type === 'outage'
                      ? 'outages.alerts.outage'
                      : alert.active
                        ? 'outages.alerts.maintenanceNow'
                        : 'outages.alerts.maintenance',
                })}
              </p>
              <p className="mt-1 text-ink">{alert.body}</p>
              {alert.action || alert.link ? (
                <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
                  {alert.action ? (
                    <a href={alert.action} className={TEXT_LINK}>
                      {intl.formatMessage({ id: 'outages.alerts.callback' })}
                    </a>
                  ) : null}
                  {alert.link ? (
                    <a href={alert.link} className={TEXT_LINK}>
                      {intl.formatMessage({ id: 'outages.alerts.map' })}
                    </a>
                  ) : null}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
