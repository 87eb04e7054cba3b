import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { useVoiceLines, type VoiceLine } from '../api/voice-api';
import { formatLineNumber } from '../utils/voice-format';

type LineFrameProps = {
  titleId: MessageId;
  introId: MessageId;
  /** The page's content for the chosen line (keyed by it: a line's form starts again from that line's settings). */
  children: (line: VoiceLine) => ReactNode;
};

/**
 * The frame of a voice manager page that works on one line at a time (call logs, forwarding, Call Guard; issue 19
 * items 5, 7, 8): the title, the account's lines to choose from (the first one at first), and the line's content.
 * The voice platform not answering, or no line at all, is said in place.
 */
export function LineFrame({ titleId, introId, children }: LineFrameProps) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: introId })}</p>
      <LinesLoaded>
        {(all) => {
          const line = all.find((each) => each.id === chosen) ?? all[0];
          if (!line) return null;
          return (
            <>
              {all.length > 1 ? (
                <div className="mt-6 max-w-sm">
                  <SelectField
                    label={intl.formatMessage({ id: 'voice.lines.choose' })}
                    options={all.map((each) => ({ value: each.id, label: lineName(each) }))}
                    value={line.id}
                    onChange={setChosen}
                  />
                </div>
              ) : null}
              <div key={line.id} className="mt-6">
                {children(line)}
              </div>
            </>
          );
        }}
      </LinesLoaded>
    </div>
  );
}

/**
 * The account's lines, for the voice manager's pages: the voice platform not answering, the wait, or no line at all
 * said in place (never an error page); otherwise the page's content for the lines.
 */
export function LinesLoaded({ children }: { children: (lines: VoiceLine[]) => ReactNode }) {
  const intl = useIntl();
  const lines = useVoiceLines();
  if (lines.isError) {
    return (
      <ErrorNotice
        className="mt-6"
        titleId="voice.errors.load.title"
        bodyId="voice.errors.load.body"
        onRetry={() => void lines.refetch()}
        isRetrying={lines.isFetching}
      />
    );
  }
  if (!lines.data) {
    return (
      <div className="mt-6">
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'voice.lines.loading' })} />
      </div>
    );
  }
  if (lines.data.lines.length === 0) {
    return (
      <div className={`${CARD} mt-6`}>
        <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'voice.lines.empty.title' })}</h2>
        <p className="mt-2 text-ink">{intl.formatMessage({ id: 'voice.lines.empty.body' })}</p>
      </div>
    );
  }
  return children(lines.data.lines);
}

/** "Front counter · (207) 555-0101" */
export function lineName(line: VoiceLine): string {
  return `${line.label} · ${formatLineNumber(line.number)}`;
}
