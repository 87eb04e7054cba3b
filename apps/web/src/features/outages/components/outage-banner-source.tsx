import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { localeOf } from '../../../lib/dates';
import { bannerAlertOf, useAlerts } from '../api/alerts-api';

export type BannerAlert = {
  id: string;
  severity: 'info' | 'warning' | 'error';
  body: string;
  link?: { href: string; label: string };
};

/**
 * Issue 20 item 6 (spec §2.4, wider-portal.md §8): gives the page alert banner the outage or maintenance under way at
 * the account's service address. Loaded after the document (not part of a page's first render, ADR 012); the banner's
 * rules (where it may show) stay the layout's. A failed read says nothing: the banner is no place for an error.
 */
export function OutageBannerSource({ onAlert }: { onAlert: (alert: BannerAlert | null) => void }) {
  const intl = useIntl();
  const alerts = useAlerts(localeOf(intl));
  const alert = bannerAlertOf(alerts.data);
  const id = alert?.id ?? null;
  const body = alert?.body ?? null;
  const severity = alert?.severity ?? null;
  // an outage's callback (issue 20 item 7) is what the reader can do; else the map says more
  const href = alert?.action ?? alert?.link ?? null;
  const label = intl.formatMessage({ id: alert?.action ? 'outages.banner.callback' : 'outages.alerts.map' });
  useEffect(() => {
    onAlert(id && body && severity ? { id, severity, body, ...(href ? { link: { href, label } } : {}) } : null);
  }, [id, body, severity, href, label, onAlert]);
  useEffect(() => () => onAlert(null), [onAlert]);
  return null;
}
