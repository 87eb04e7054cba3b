import { Link } from '@tanstack/react-router';
import { Cloud, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CARD, TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { useVoiceCard } from '../api/voice-api';
import { formatLineNumber } from '../utils/voice-format';

type VoiceCardData = NonNullable<ReturnType<typeof useVoiceCard>['data']>;

function CardFrame({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <article aria-labelledby={id} className={`flex h-full flex-col ${CARD}`}>
        <h3 id={id} className="flex items-center gap-3 text-lg font-semibold text-navy-900">
          <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">{icon}</span>
          {title}
        </h3>
        {children}
      </article>
    </li>
  );
}

/** "Your line: (207) 555-0101", or the first of several and how many more (spec §3 assignedLine(s)Text). */
function AssignedLines({ card, one, many }: { card: VoiceCardData; one: MessageId; many: MessageId }) {
  const intl = useIntl();
  if (!card.assignedNumber) return null;
  const number = formatLineNumber(card.assignedNumber);
  return (
    <p className="mt-3 text-ink">
      {card.numberOfAssignedLines > 1
        ? intl.formatMessage({ id: many }, { number, others: card.numberOfAssignedLines - 1 })
        : intl.formatMessage({ id: one }, { number })}
    </p>
  );
}

/**
 * The voice access card (spec §3, §4): each line with its new voicemails for a reader with CPNI access (spec §7.1; the
 * error marker's words when the platform did not answer, spec §8), the reader's own lines, and the links the server's
 * rules left: voicemail (gone on the IMS core), forwarding (the admin group with a phone-meta service), the phone
 * service.
 */
function AccessCard({ card }: { card: VoiceCardData }) {
  const intl = useIntl();
  return (
    <CardFrame
      id="area-voice-title"
      title={intl.formatMessage({ id: 'accountSummary.area.voice.title' })}
      icon={<Phone aria-hidden="true" className="size-5" />}
    >
      {card.numberOfVoiceMails === null ? (
        <p className="mt-3 text-ink-muted">{intl.formatMessage({ id: 'voice.card.noCpni' })}</p>
      ) : (
        <ul className="mt-3 space-y-1 text-ink">
          {card.lines.map((line) => (
            <li key={line.number}>
              <span className="font-semibold">{line.label}</span> {formatLineNumber(line.number)}
              {': '}
              {line.unreadCount === null
                ? intl.formatMessage({ id: 'voice.lines.countUnavailable' })
                : intl.formatMessage({ id: 'voice.card.newVoicemails' }, { count: line.unreadCount })}
            </li>
          ))}
        </ul>
      )}
      <AssignedLines card={card} one="voice.card.assignedLine" many="voice.card.assignedLines" />
      <ul className="mt-auto flex flex-wrap gap-x-6 gap-y-2 pt-4">
        {card.voicemailLink ? (
          <li>
            <Link to={card.voicemailLink} className={TEXT_LINK}>
              {intl.formatMessage({ id: 'voice.card.voicemail' })}
            </Link>
          </li>
        ) : null}
        {card.manageForwardingLink ? (
          <li>
            <Link to={card.manageForwardingLink} className={TEXT_LINK}>
              {intl.formatMessage({ id: 'voice.card.forwarding' })}
            </Link>
          </li>
        ) : null}
        {card.manageVoiceLink ? (
          <li>
            <Link to={card.manageVoiceLink} className={TEXT_LINK}>
              {intl.formatMessage({
                id:
                  card.manageVoiceLink === '/services/voice'
                    ? 'voice.card.phoneService'
                    : 'accountSummary.area.voice.link',
              })}
            </Link>
          </li>
        ) : null}
      </ul>
    </CardFrame>
  );
}

/** The hosted-voice card (spec §3 hosted-voice card copy): shown when hosted voice is provisioned (spec §4). */
function HostedVoiceCard({ card }: { card: VoiceCardData }) {
  const intl = useIntl();
  return (
    <CardFrame
      id="area-hosted-voice-title"
      title={intl.formatMessage({ id: 'voice.hosted.header' })}
      icon={<Cloud aria-hidden="true" className="size-5" />}
    >
      <p className="mt-3 text-ink-muted">{intl.formatMessage({ id: 'voice.hosted.main' })}</p>
      <AssignedLines card={card} one="voice.hosted.assignedLine" many="voice.hosted.assignedLines" />
      {card.hostedVoice.admin ? (
        <>
          <p className="mt-3 text-ink-muted">{intl.formatMessage({ id: 'voice.hosted.admin' })}</p>
          <Link to="/services/voice/phone" className={`mt-auto self-start pt-4 ${TEXT_LINK}`}>
            {intl.formatMessage({ id: 'voice.hosted.manage' })}
          </Link>
        </>
      ) : null}
    </CardFrame>
  );
}

/**
 * The account summary's voice cards for any user of an account with voice (issue 19 item 9): the access card and the
 * hosted-voice card as the server's rules say (`GET /api/pub/voice/v1/card`). Nothing while they load (the cards come
 * last on the page, so nothing moves); `fallback` (the area's plain card) when the server cannot say.
 */
export function VoiceCards({ fallback }: { fallback: ReactNode }) {
  const card = useVoiceCard();
  if (card.isError) return fallback;
  if (!card.data) return null;
  return (
    <>
      {card.data.showAccessCard ? <AccessCard card={card.data} /> : null}
      {card.data.hostedVoice.provisioned ? <HostedVoiceCard card={card.data} /> : null}
    </>
  );
}
