import { type IntlShape, useIntl } from 'react-intl';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { StoredAnalyticsEvent } from '../api/analytics-events-api';

const TYPE_MESSAGES = {
  page_view: 'analyticsViewer.type.pageView',
  api_call: 'analyticsViewer.type.apiCall',
  error: 'analyticsViewer.type.error',
} as const satisfies Record<StoredAnalyticsEvent['event']['type'], MessageId>;

export { TYPE_MESSAGES };

/** The language's name, in the UI's language (the language switch's names). */
const languageName = (intl: IntlShape, code: 'en' | 'es') =>
  intl.formatMessage({ id: code === 'en' ? 'shell.language.en' : 'shell.language.es' });

/** What an event says, line by line: a page and its language; a call, its answer and its query's keys; a code. */
function detailLines(intl: IntlShape, { event }: StoredAnalyticsEvent): string[] {
  if (event.type === 'page_view') {
    return [
      intl.formatMessage(
        { id: 'analyticsViewer.pageView' },
        { page: event.page, language: languageName(intl, event.lang) },
      ),
    ];
  }
  if (event.type === 'api_call') {
    const result = intl.formatMessage({
      id: event.success ? 'analyticsViewer.call.succeeded' : 'analyticsViewer.call.failed',
    });
    return [
      `${event.method} ${event.path}`,
      intl.formatMessage(
        { id: 'analyticsViewer.call.status' },
        { status: event.status, result, duration: event.durationMs },
      ),
      ...(event.queryKeys.length > 0
        ? [intl.formatMessage({ id: 'analyticsViewer.call.query' }, { keys: event.queryKeys.join(', ') })]
        : []),
      ...(event.graphqlErrors?.length
        ? [intl.formatMessage({ id: 'analyticsViewer.call.graphql' }, { codes: event.graphqlErrors.join(', ') })]
        : []),
    ];
  }
  return [
    event.code,
    ...(event.clientCode
      ? [intl.formatMessage({ id: 'analyticsViewer.error.client' }, { code: event.clientCode })]
      : []),
    ...(event.personalSecurityCode ? [intl.formatMessage({ id: 'analyticsViewer.error.securityCode' })] : []),
  ];
}

/**
 * One page of kept events, newest first: when the server received it (and when the browser says it happened), its
 * kind (with the community variant named), what it says, its trace id, and who sent it as pseudonyms' first
 * characters. Paths are templates and codes are codes: written as they are, not translated.
 */
export function AnalyticsEventTable({ items, busy }: { items: readonly StoredAnalyticsEvent[]; busy: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns = [
    { label: t('analyticsViewer.table.received') },
    { label: t('analyticsViewer.table.event') },
    { label: t('analyticsViewer.table.details') },
    { label: t('analyticsViewer.table.trace') },
    { label: t('analyticsViewer.table.sender') },
  ];
  return (
    <ResponsiveTable caption={t('analyticsViewer.table.caption')} columns={columns} busy={busy}>
      {items.map((item) => {
        const traceId = item.event.type === 'page_view' ? null : item.event.traceId;
        return (
          <ResponsiveRow key={item.id}>
            <ResponsiveCell label={columns[0]?.label ?? ''}>
              <span className="block text-ink">
                {formatInstant(intl, new Date(item.receivedAt), 'dateTimeSeconds')}
              </span>
              <span className="block text-sm text-ink-muted">
                {intl.formatMessage(
                  { id: 'analyticsViewer.happened' },
                  { time: formatInstant(intl, new Date(item.event.at), 'dateTimeSeconds') },
                )}
              </span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[1]?.label ?? ''}>
              <span className="block font-medium text-ink">{t(TYPE_MESSAGES[item.event.type])}</span>
              {item.variant === 'community' ? (
                <span className="block text-sm text-ink-muted">{t('analyticsViewer.variant.community')}</span>
              ) : null}
            </ResponsiveCell>
            <ResponsiveCell label={columns[2]?.label ?? ''}>
              {detailLines(intl, item).map((line, index) => (
                <span key={line} className={index === 0 ? 'block break-all text-ink' : 'block text-sm text-ink-muted'}>
                  {line}
                </span>
              ))}
            </ResponsiveCell>
            <ResponsiveCell label={columns[3]?.label ?? ''}>
              <span className="break-all font-mono text-sm">{traceId ?? t('analyticsViewer.table.noTrace')}</span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[4]?.label ?? ''}>
              {item.account && item.person
                ? intl.formatMessage(
                    { id: 'analyticsViewer.sender.signedIn' },
                    { account: item.account, person: item.person },
                  )
                : t('analyticsViewer.sender.visitor')}
            </ResponsiveCell>
          </ResponsiveRow>
        );
      })}
    </ResponsiveTable>
  );
}
