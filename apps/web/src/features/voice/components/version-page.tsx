import { Cloud, Phone } from 'lucide-react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import type { VoiceLine } from '../api/voice-api';
import { formatLineNumber } from '../utils/voice-format';
import { LinesLoaded } from './line-frame';

/** A line's version in words (its switch; unknown when the voice platform did not say). */
export const SWITCH_WORDS: Record<NonNullable<VoiceLine['switchType']> | 'unknown', MessageId> = {
  classic: 'voice.version.switch.classic',
  ims: 'voice.version.switch.ims',
  unknown: 'voice.version.switch.unknown',
};

const VERSIONS = [
  { id: 'classic', icon: Phone, bodyId: 'voice.version.classic.body' },
  { id: 'ims', icon: Cloud, bodyId: 'voice.version.ims.body' },
] as const;

/**
 * `/services/voice/version` (issue 19 item 8; spec §4 "Charter user on an IMS switch"): which version of the voice
 * network each of the account's lines runs on, the classic switch or the IMS core, and what that means for where
 * voicemail and forwarding are set (on the IMS core, from the phone: the voice card drops those links there).
 */
export function VoiceVersionPage() {
  const intl = useIntl();
  const columns = [
    intl.formatMessage({ id: 'voice.version.line' }),
    intl.formatMessage({ id: 'voice.phone.number' }),
    intl.formatMessage({ id: 'voice.phone.version' }),
  ] as const;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.voiceVersion' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'voice.version.intro' })}</p>
      <LinesLoaded>
        {(lines) => (
          <div className="mt-6">
            <ResponsiveTable
              caption={intl.formatMessage({ id: 'voice.version.lines' })}
              busy={false}
              columns={columns.map((label) => ({ label, align: 'start' }))}
            >
              {lines.map((line) => (
                <ResponsiveRow key={line.id}>
                  <ResponsiveCell label={columns[0]}>{line.label}</ResponsiveCell>
                  <ResponsiveCell label={columns[1]}>{formatLineNumber(line.number)}</ResponsiveCell>
                  <ResponsiveCell label={columns[2]}>
                    {intl.formatMessage({ id: SWITCH_WORDS[line.switchType ?? 'unknown'] })}
                  </ResponsiveCell>
                </ResponsiveRow>
              ))}
            </ResponsiveTable>
          </div>
        )}
      </LinesLoaded>
      <section aria-labelledby="voice-version-meaning" className="mt-8">
        <h2 id="voice-version-meaning" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'voice.version.meaning' })}
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-2">
          {VERSIONS.map(({ id, icon: Icon, bodyId }) => (
            <li key={id} className={CARD}>
              <h3 className="flex items-center gap-3 text-lg font-semibold text-navy-900">
                <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {intl.formatMessage({ id: SWITCH_WORDS[id] })}
              </h3>
              <p className="mt-3 text-ink">{intl.formatMessage({ id: bodyId })}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
