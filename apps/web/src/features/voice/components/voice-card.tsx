import { Link } from '@tanstack/react-router';
import { Phone } from 'lucide-react';
import { useIntl } from 'react-intl';
import { CARD, TEXT_LINK } from '../../../components/ui/form-styles';
import { useVoiceLines } from '../api/voice-api';
import { formatLineNumber } from '../utils/voice-format';

/**
 * The account summary's voice card for a reader who may manage voice (spec §3 voice access card, §7.1 the unread count
 * per number): each line with its new voicemails, or the error marker's words when the voice platform did not answer
 * (spec §8: a failed lookup yields the marker, never an error), and the way to the voicemail.
 */
export function VoiceCard() {
  const intl = useIntl();
  const lines = useVoiceLines();
  return (
    <li>
      <article aria-labelledby="area-voice-title" className={`flex h-full flex-col ${CARD}`}>
        <h3 id="area-voice-title" className="flex items-center gap-3 text-lg font-semibold text-navy-900">
          <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">
            <Phone aria-hidden="true" className="size-5" />
          </span>
          {intl.formatMessage({ id: 'accountSummary.area.voice.title' })}
        </h3>
        {lines.data && lines.data.lines.length > 0 ? (
          <ul className="mt-3 flex-1 space-y-1 text-ink">
            {lines.data.lines.map((line) => (
              <li key={line.id}>
                <span className="font-semibold">{line.label}</span> {formatLineNumber(line.number)}
                {': '}
                {line.unreadCount === null
                  ? intl.formatMessage({ id: 'voice.lines.countUnavailable' })
                  : intl.formatMessage({ id: 'voice.card.newVoicemails' }, { count: line.unreadCount })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 flex-1 text-ink-muted">{intl.formatMessage({ id: 'accountSummary.area.voice.body' })}</p>
        )}
        <Link to="/voice/messages" className={`mt-4 self-start ${TEXT_LINK}`}>
          {intl.formatMessage({ id: 'accountSummary.area.voice.link' })}
        </Link>
      </article>
    </li>
  );
}
