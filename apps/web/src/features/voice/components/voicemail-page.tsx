import { MAILBOX_COUNT_CAP } from '@vireo/shared';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { BADGE, CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import {
  useUpdateMessage,
  useVoiceLines,
  useVoiceMessages,
  type VoiceBox,
  type VoiceLine,
  type VoiceMessage,
} from '../api/voice-api';
import { formatLineNumber } from '../utils/voice-format';
import { LinesLoaded, lineName } from './line-frame';
import { type MessageChange, MessageItem } from './message-item';

const BOXES: VoiceBox[] = ['new', 'saved', 'deleted'];

/** A box's count; the server stops counting at MAILBOX_COUNT_CAP: "1,000+". */
const countText = (intl: IntlShape, count: number) =>
  count >= MAILBOX_COUNT_CAP ? `${intl.formatNumber(MAILBOX_COUNT_CAP)}+` : intl.formatNumber(count);

const PRESSABLE =
  'rounded-lg border px-4 py-2 text-left font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const pressed = (on: boolean) =>
  `${PRESSABLE} ${on ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-line bg-surface text-ink hover:bg-surface-muted'}`;

function doneMessage(change: MessageChange): MessageId {
  if (change.deleted === true) return 'voice.message.done.deleted';
  if (change.deleted === false) return 'voice.message.done.restored';
  return change.heard ? 'voice.message.done.heard' : 'voice.message.done.new';
}

/**
 * `/voice/messages` (issue 19 item 4, wider-portal.md §6): the voicemail and faxes of each of the account's lines, by
 * box (new, saved, deleted for 30 days), a keyset page at a time. The route table puts it behind sign-in and the
 * CPNI compliance guard (`voice.manage`). The voice platform not answering leaves the page standing: the counts say
 * they are unknown, the mailbox offers to try again.
 */
export function VoicemailPage() {
  const intl = useIntl();
  const lines = useVoiceLines();
  const [chosenLine, setChosenLine] = useState<string | undefined>(undefined);
  const [box, setBox] = useState<VoiceBox>('new');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<MessageId | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const all = lines.data?.lines ?? [];
  // the first line with something new, else the first line
  const lineId = chosenLine ?? (all.find((line) => (line.unreadCount ?? 0) > 0) ?? all[0])?.id;
  const line = all.find((l) => l.id === lineId);
  const messages = useVoiceMessages(lineId, box, cursor);
  const update = useUpdateMessage();
  const page = messages.data;

  useEffect(() => {
    if (status) {
      const timer = setTimeout(() => setStatus(null), 8_000);
      return () => clearTimeout(timer);
    }
  }, [status]);

  const change = (message: VoiceMessage, next: MessageChange) => {
    const { inPlace, ...body } = next;
    update.mutate(
      { id: message.id, change: body, inPlace },
      {
        onSuccess: () => {
          if (inPlace) return;
          setStatus(doneMessage(next));
          // the message leaves this box: focus goes to the list, never to the page's start
          listHeading.current?.focus();
        },
        onError: () => setStatus('voice.message.failed'),
      },
    );
  };

  const choose = (next: { line?: string; box?: VoiceBox }) => {
    if (next.line !== undefined) setChosenLine(next.line);
    if (next.box !== undefined) setBox(next.box);
    setCursor(undefined);
  };

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.voiceMessages' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'voice.messages.intro' })}</p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-brand-900">
        {status ? intl.formatMessage({ id: status }) : ''}
      </p>

      <LinesLoaded>
        {() => (
          <div className="mt-6 grid gap-6 xl:grid-cols-[18rem_1fr]">
            <nav aria-label={intl.formatMessage({ id: 'voice.lines.label' })}>
              <ul className="flex flex-col gap-2">
                {all.map((each) => (
                  <li key={each.id}>
                    <LineButton line={each} selected={each.id === lineId} onSelect={() => choose({ line: each.id })} />
                  </li>
                ))}
              </ul>
            </nav>

            <section aria-labelledby="voice-mailbox-title" className="min-w-0">
              <h2 id="voice-mailbox-title" ref={listHeading} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
                {line ? lineName(line) : ''}
              </h2>
              <fieldset className="mt-3 flex flex-wrap gap-2">
                <legend className="sr-only">{intl.formatMessage({ id: 'voice.box.label' })}</legend>
                {BOXES.map((each) => (
                  <button
                    key={each}
                    type="button"
                    aria-pressed={each === box}
                    className={pressed(each === box)}
                    onClick={() => choose({ box: each })}
                  >
                    {intl.formatMessage(
                      { id: `voice.box.${each}` },
                      { count: countText(intl, page?.counts[each] ?? 0), known: page ? 'yes' : 'no' },
                    )}
                  </button>
                ))}
              </fieldset>
              <div className="mt-4">
                {messages.isError && !page ? (
                  <ErrorNotice
                    headingLevel={3}
                    titleId="voice.errors.load.title"
                    bodyId="voice.errors.load.body"
                    onRetry={() => void messages.refetch()}
                    isRetrying={messages.isFetching}
                  />
                ) : !page ? (
                  <ListSkeleton rows={3} label={intl.formatMessage({ id: 'voice.messages.loading' })} />
                ) : page.items.length === 0 ? (
                  <p className={CARD}>{intl.formatMessage({ id: `voice.messages.empty.${box}` })}</p>
                ) : (
                  <>
                    <ul className="flex flex-col gap-3" aria-busy={messages.isFetching || undefined}>
                      {page.items.map((message) => (
                        <li key={message.id}>
                          <MessageItem message={message} onChange={change} busy={update.isPending} />
                        </li>
                      ))}
                    </ul>
                    <KeysetPager
                      labelId="voice.messages.pages"
                      previousCursor={page.previousCursor}
                      nextCursor={page.nextCursor}
                      onPage={setCursor}
                      isBusy={messages.isFetching}
                    />
                  </>
                )}
              </div>
            </section>
          </div>
        )}
      </LinesLoaded>
    </div>
  );
}

function LineButton({ line, selected, onSelect }: { line: VoiceLine; selected: boolean; onSelect: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" aria-pressed={selected} className={`${pressed(selected)} w-full`} onClick={onSelect}>
      <span className="block">{line.label}</span>
      <span className="block text-sm font-normal text-ink-muted">{formatLineNumber(line.number)}</span>
      <span className="mt-1 block text-sm font-normal">
        {line.unreadCount === null ? (
          intl.formatMessage({ id: 'voice.lines.countUnavailable' })
        ) : line.unreadCount > 0 ? (
          <span className={`${BADGE} border-brand-700/40 bg-brand-50 text-brand-900`}>
            {intl.formatMessage({ id: 'voice.lines.newCount' }, { count: line.unreadCount })}
          </span>
        ) : (
          intl.formatMessage({ id: 'voice.lines.newCount' }, { count: 0 })
        )}
      </span>
    </button>
  );
}
