import { Download, FileText, Mail, MailOpen, RotateCcw, Trash2, Voicemail } from 'lucide-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { BADGE, SECONDARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { formatInstant, localeOf } from '../../../lib/dates';
import { mediaUrl, type VoiceMessage } from '../api/voice-api';
import { formatDuration, formatLineNumber } from '../utils/voice-format';

export type MessageChange = { heard?: boolean; deleted?: boolean; inPlace?: boolean };

type MessageItemProps = {
  message: VoiceMessage;
  onChange: (message: VoiceMessage, change: MessageChange) => void;
  busy: boolean;
};

const ACTION = `${SECONDARY_BUTTON} inline-flex items-center gap-2`;

/**
 * One voicemail or fax (issue 19 item 4, wider-portal.md §6): who left it and when, its length or pages; a voicemail
 * plays in the page (the browser's own player: keyboard and screen-reader ready; the audio comes in ranges) and
 * becomes heard when it starts; its transcript in the reader's language, with the spoken one a press away; a fax opens
 * as a PDF (and becomes heard). Download, mark heard or new, delete to Deleted or restore.
 */
export function MessageItem({ message, onChange, busy }: MessageItemProps) {
  const intl = useIntl();
  const titleId = useId();
  const locale = localeOf(intl);
  const [showSpoken, setShowSpoken] = useState(false);
  const number = message.from ? formatLineNumber(message.from) : null;
  const caller = message.callerName ?? number ?? intl.formatMessage({ id: 'voice.message.unknownCaller' });
  const isNew = message.box === 'new';
  const deleted = message.box === 'deleted';
  const Icon = message.kind === 'fax' ? FileText : Voicemail;
  const transcript = message.transcript;
  const shownLanguage = transcript ? (showSpoken ? transcript.spoken : locale) : locale;
  const markHeardInPlace = () => {
    if (isNew) onChange(message, { heard: true, inPlace: true });
  };

  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-line bg-surface p-4 md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold text-navy-900">
              <span className="sr-only">
                {intl.formatMessage({
                  id: message.kind === 'fax' ? 'voice.message.kind.fax' : 'voice.message.kind.voicemail',
                })}
                {': '}
              </span>
              {caller}
            </h3>
            <p className="text-sm text-ink-muted">
              {[
                message.callerName && number ? number : null,
                message.from === null ? intl.formatMessage({ id: 'voice.message.withheld' }) : null,
                formatInstant(intl, new Date(message.receivedAt), 'dateTime'),
                message.durationSeconds !== null
                  ? intl.formatMessage(
                      { id: 'voice.message.duration' },
                      { duration: formatDuration(message.durationSeconds) },
                    )
                  : null,
                message.pages !== null
                  ? intl.formatMessage({ id: 'voice.message.pages' }, { count: message.pages })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        {isNew ? (
          <span className={`${BADGE} border-brand-700/40 bg-brand-50 text-brand-900`}>
            {intl.formatMessage({ id: 'voice.message.new' })}
          </span>
        ) : null}
      </div>

      {message.kind === 'voicemail' && !deleted ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the recording's text alternative
        <audio
          className="mt-4 w-full"
          controls
          preload="none"
          src={mediaUrl(message.id)}
          aria-label={intl.formatMessage({ id: 'voice.message.player' }, { caller })}
          onPlay={markHeardInPlace}
        />
      ) : null}
      {message.kind === 'fax' && !deleted ? (
        <p className="mt-3">
          <a
            href={mediaUrl(message.id)}
            target="_blank"
            rel="noopener"
            className={TEXT_LINK}
            onClick={markHeardInPlace}
          >
            {intl.formatMessage({ id: 'voice.message.viewFax' })}
          </a>
        </p>
      ) : null}

      {transcript && !deleted ? (
        <div className="mt-3 rounded-lg bg-surface-muted p-3">
          <h4 className="text-sm font-semibold text-ink">{intl.formatMessage({ id: 'voice.message.transcript' })}</h4>
          <p lang={shownLanguage} className="mt-1 text-ink">
            {transcript[shownLanguage]}
          </p>
          {transcript.spoken !== locale ? (
            <p className="mt-1 text-sm text-ink-muted">
              {intl.formatMessage(
                {
                  id: showSpoken ? 'voice.message.spokenIn' : 'voice.message.translatedFrom',
                },
                { language: transcript.spoken },
              )}{' '}
              <button type="button" className={TEXT_LINK} onClick={() => setShowSpoken((value) => !value)}>
                {intl.formatMessage({
                  id: showSpoken ? 'voice.message.showTranslation' : 'voice.message.showOriginal',
                })}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}

      {deleted && message.purgeAt ? (
        <p className="mt-3 text-sm text-ink-muted">
          {intl.formatMessage(
            { id: 'voice.message.purgeOn' },
            { date: formatInstant(intl, new Date(message.purgeAt), 'date') },
          )}
        </p>
      ) : null}

      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">{intl.formatMessage({ id: 'voice.message.actions' }, { caller })}</legend>
        {deleted ? (
          <button
            type="button"
            className={ACTION}
            aria-disabled={busy || undefined}
            onClick={() => !busy && onChange(message, { deleted: false })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {intl.formatMessage({ id: 'voice.message.restore' })}
          </button>
        ) : (
          <>
            <a href={mediaUrl(message.id, true)} download className={ACTION}>
              <Download aria-hidden="true" className="size-4" />
              {intl.formatMessage({ id: 'voice.message.download' })}
            </a>
            <button
              type="button"
              className={ACTION}
              aria-disabled={busy || undefined}
              onClick={() => !busy && onChange(message, { heard: isNew })}
            >
              {isNew ? (
                <MailOpen aria-hidden="true" className="size-4" />
              ) : (
                <Mail aria-hidden="true" className="size-4" />
              )}
              {intl.formatMessage({ id: isNew ? 'voice.message.markHeard' : 'voice.message.markNew' })}
            </button>
            <button
              type="button"
              className={ACTION}
              aria-disabled={busy || undefined}
              onClick={() => !busy && onChange(message, { deleted: true })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {intl.formatMessage({ id: 'voice.message.delete' })}
            </button>
          </>
        )}
      </fieldset>
    </article>
  );
}
