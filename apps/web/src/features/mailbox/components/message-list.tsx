import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { MessageItem, type MessageView } from './message-item';

/** What the list reads of its infinite query (TanStack's result has these, whichever outbox it pages). */
export type MessagePages = {
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  isRefetchError: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

type MessageListProps = {
  pages: MessagePages;
  /** Every message of the pages loaded so far, newest first. */
  messages: readonly MessageView[] | undefined;
  /** "3 e-mails, newest first" (with the recipient when filtered). */
  shown: (count: number) => string;
  /** The empty list's sentence. */
  empty: string;
};

/**
 * A mailbox list: its count and Refresh, the messages (each a disclosure), and Show older while older pages exist.
 * Older pages are added below the ones shown (keyset cursors), and focus moves to the first message they brought.
 */
export function MessageList({ pages, messages, shown, empty }: MessageListProps) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  /** The index of the first message an older page brings, while that page is on its way. */
  const focusFrom = useRef<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const count = messages?.length ?? 0;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !messages || messages.length <= from) return;
    focusFrom.current = null;
    const first = messages[from];
    if (first) buttons.current.get(first.id)?.focus();
  }, [messages]);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const busy = pages.isRefetching || pages.isFetchingNextPage;

  if (pages.isError && !messages) {
    return (
      <ErrorNotice
        titleId="mailbox.error.title"
        bodyId="mailbox.error.body"
        onRetry={() => void pages.refetch()}
        isRetrying={pages.isRefetching}
      />
    );
  }
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-ink-muted">
          {messages ? shown(count) : null}
        </p>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          aria-disabled={busy || pages.isPending || undefined}
          onClick={() => {
            if (!busy && !pages.isPending) void pages.refetch();
          }}
        >
          {intl.formatMessage({ id: 'mailbox.refresh' })}
        </button>
      </div>
      {pages.isRefetchError ? (
        <ErrorNotice
          className="mt-4"
          titleId="mailbox.error.title"
          bodyId="mailbox.error.body"
          onRetry={() => void pages.refetch()}
          isRetrying={pages.isRefetching}
        />
      ) : null}
      {!messages ? (
        <ListSkeleton rows={4} />
      ) : count === 0 ? (
        <p className="mt-4 rounded-lg border border-line bg-surface p-4 text-ink">{empty}</p>
      ) : (
        <ul aria-busy={busy || undefined} className="mt-4 rounded-lg border border-line bg-surface">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              expanded={expanded.has(message.id)}
              onToggle={() => toggle(message.id)}
              buttonRef={(element) => {
                if (element) buttons.current.set(message.id, element);
                else buttons.current.delete(message.id);
              }}
            />
          ))}
        </ul>
      )}
      {pages.isFetchNextPageError ? (
        // Show older, still beside it (and focused), tries again
        <ErrorNotice className="mt-4" titleId="mailbox.error.title" bodyId="mailbox.error.older" />
      ) : null}
      {messages && pages.hasNextPage ? (
        <button
          type="button"
          className={`${SECONDARY_BUTTON} mt-4`}
          aria-disabled={pages.isFetchingNextPage || undefined}
          onClick={() => {
            if (pages.isFetchingNextPage) return;
            focusFrom.current = count;
            void pages.fetchNextPage();
          }}
        >
          {intl.formatMessage({ id: 'mailbox.older' })}
        </button>
      ) : null}
    </div>
  );
}
