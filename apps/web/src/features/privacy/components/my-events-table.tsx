import { type AnalyticsEventType, isOperationalEvent } from '@vireo/shared';
import { type IntlShape, useIntl } from 'react-intl';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { MyAnalyticsEvent } from '../api/privacy-api';

/** Each kind in words (literal ids: the slices find them). */
const KIND_TEXT: Record<AnalyticsEventType, MessageId> = {
  page_view: 'privacy.kind.pageView',
  api_call: 'privacy.kind.apiCall',
  error: 'privacy.kind.error',
};

/** The language's name, in the UI's language (the language switch's names). */
const languageName = (intl: IntlShape, code: 'en' | 'es') =>
  intl.formatMessage({ id: code === 'en' ? 'shell.language.en' : 'shell.language.es' });

/**
 * What an event says, line by line: the page (its template) and its language; the call's method and path template,
 * then its status, result and duration; the error's code. Paths and codes are written as they are, never translated.
 */
function detailLines(intl: IntlShape, { event }: MyAnalyticsEvent): string[] {
  if (event.type === 'page_view') {
    return [
      intl.formatMessage({ id: 'privacy.detail.page' }, { page: event.page, language: languageName(intl, event.lang) }),
    ];
  }
  if (event.type === 'api_call') {
    const result = intl.formatMessage({ id: event.success ? 'privacy.detail.succeeded' : 'privacy.detail.failed' });
    return [
      `${event.method} ${event.path}`,
      intl.formatMessage({ id: 'privacy.detail.status' }, { status: event.status, result, duration: event.durationMs }),
    ];
  }
  return [intl.formatMessage({ id: 'privacy.detail.code' }, { code: event.code })];
}

/**
 * One page of the events kept about the person, newest first: when the portal received it (to the second), its kind
 * in words (and whether it is usage or operational), what it says, and its trace id (what a support call asks for).
 */
export function MyEventsTable({ items, busy }: { items: readonly MyAnalyticsEvent[]; busy: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns = [
    { label: t('privacy.table.received') },
    { label: t('privacy.table.kind') },
    { label: t('privacy.table.details') },
    { label: t('privacy.table.trace') },
  ];
  return (
    <ResponsiveTable caption={t('privacy.table.caption')} columns={columns} busy={busy}>
      {items.map((item) => {
        const traceId = item.event.type === 'page_view' ? null : item.event.traceId;
        return (
          <ResponsiveRow key={item.id}>
            <ResponsiveCell label={columns[0]?.label ?? ''}>
              {formatInstant(intl, new Date(item.receivedAt), 'dateTimeSeconds')}
            </ResponsiveCell>
            <ResponsiveCell label={columns[1]?.label ?? ''}>
              <span className="block font-medium text-ink">{t(KIND_TEXT[item.event.type])}</span>
              <span className="block text-sm text-ink-muted">
                {t(isOperationalEvent(item.event.type) ? 'privacy.kind.operational' : 'privacy.kind.usage')}
              </span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[2]?.label ?? ''}>
              {detailLines(intl, item).map((line, index) => (
                <span key={line} className={index === 0 ? 'block break-all text-ink' : 'block text-sm text-ink-muted'}>
                  {line}
                </span>
              ))}
            </ResponsiveCell>
            <ResponsiveCell label={columns[3]?.label ?? ''}>
              <span className="break-all font-mono text-sm">{traceId ?? t('privacy.table.noTrace')}</span>
            </ResponsiveCell>
          </ResponsiveRow>
        );
      })}
    </ResponsiveTable>
  );
}
