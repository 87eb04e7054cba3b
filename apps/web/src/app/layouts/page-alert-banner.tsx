import { createContext, useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';

/** spec §3 alert, as much of it as the banner shows. The body comes from the server in the user's language. */
export type PageAlert = {
  id: string;
  severity: 'info' | 'warning' | 'error';
  body: string;
  link?: { href: string; label: string };
};

type SetPageAlert = (alert: PageAlert | null) => void;
export const PageAlertContext = createContext<SetPageAlert>(() => undefined);

/** A page (or a query hook) publishes its alert; the layout decides whether the banner may show it (spec §2.4). */
export function usePageAlert(alert: PageAlert | null | undefined): void {
  const setAlert = useContext(PageAlertContext);
  useEffect(() => {
    setAlert(alert ?? null);
    return () => setAlert(null);
  }, [alert, setAlert]);
}

const SEVERITY_STYLE: Record<PageAlert['severity'], string> = {
  info: 'border-brand-700 bg-brand-50',
  warning: 'border-warning-700 bg-warning-50',
  error: 'border-danger-700 bg-danger-50',
};

/** The page alert banner: a labelled region above the page content. */
export function PageAlertBanner({ alert }: { alert: PageAlert }) {
  const intl = useIntl();
  return (
    <section
      aria-label={intl.formatMessage({ id: `shell.alert.${alert.severity}` })}
      className={`border-l-4 px-4 py-3 ${SEVERITY_STYLE[alert.severity]}`}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-ink">{alert.body}</p>
        {alert.link ? (
          <a href={alert.link.href} className="font-semibold text-brand-800 underline">
            {alert.link.label}
          </a>
        ) : null}
      </div>
    </section>
  );
}
