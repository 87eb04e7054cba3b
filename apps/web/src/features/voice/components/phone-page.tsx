import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { formatLineNumber } from '../utils/voice-format';
import { LinesLoaded } from './line-frame';
import { SWITCH_WORDS } from './version-page';

/** What can be done with a line, page by page (the pages work on one line at a time and start on the first). */
const LINE_PAGES = [
  { to: '/voice/messages', labelId: 'pages.voiceMessages' },
  { to: '/voice/call-logs', labelId: 'pages.callLogs' },
  { to: '/services/voice/call-forwarding', labelId: 'pages.callForwarding' },
  { to: '/services/voice/call-guard', labelId: 'pages.callGuard' },
] as const;

/**
 * `/services/voice/phone` (issue 19 item 8, spec §2.1): the account's business phone lines at a glance, each with its
 * name, who answers it and its new voicemail, and the voice manager's pages; the lines' names and who answers them
 * change on `/voice/manage-lines`.
 */
export function PhonePage() {
  const intl = useIntl();
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.phone' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'voice.phone.intro' })}</p>
      <LinesLoaded>
        {(lines) => (
          <ul className="mt-6 grid gap-6 xl:grid-cols-2">
            {lines.map((line) => (
              <li key={line.id}>
                <section aria-labelledby={`phone-${line.id}`} className={CARD}>
                  <h2 id={`phone-${line.id}`} className={SECTION_TITLE}>
                    {line.label}
                  </h2>
                  <dl className="mt-3 grid gap-x-6 gap-y-1 md:grid-cols-[auto_1fr]">
                    <dt className="font-semibold">{intl.formatMessage({ id: 'voice.phone.number' })}</dt>
                    <dd>{formatLineNumber(line.number)}</dd>
                    <dt className="font-semibold">{intl.formatMessage({ id: 'voice.manage.assignee' })}</dt>
                    <dd>{line.assignedTo?.name ?? intl.formatMessage({ id: 'voice.manage.nobody' })}</dd>
                    <dt className="font-semibold">{intl.formatMessage({ id: 'voice.manage.callerId' })}</dt>
                    <dd>{line.callerIdName ?? intl.formatMessage({ id: 'voice.phone.callerIdDefault' })}</dd>
                    <dt className="font-semibold">{intl.formatMessage({ id: 'voice.phone.version' })}</dt>
                    <dd>
                      <Link to="/services/voice/version" className={TEXT_LINK}>
                        {intl.formatMessage({ id: SWITCH_WORDS[line.switchType ?? 'unknown'] })}
                      </Link>
                    </dd>
                    <dt className="font-semibold">{intl.formatMessage({ id: 'voice.phone.voicemail' })}</dt>
                    <dd>
                      {line.unreadCount === null
                        ? intl.formatMessage({ id: 'voice.lines.countUnavailable' })
                        : intl.formatMessage({ id: 'voice.lines.newCount' }, { count: line.unreadCount })}
                    </dd>
                  </dl>
                  <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
                    {LINE_PAGES.map((page) => (
                      <li key={page.to}>
                        <Link to={page.to} className={TEXT_LINK}>
                          {intl.formatMessage({ id: page.labelId })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              </li>
            ))}
          </ul>
        )}
      </LinesLoaded>
      <p className="mt-6">
        <Link to="/voice/manage-lines" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'voice.phone.manage' })}
        </Link>
      </p>
    </div>
  );
}
