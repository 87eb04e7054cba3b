import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { recentFailureTraceId, traceIdOfError } from '../../lib/api-client';
import type { MessageId } from '../../messages';

type ErrorNoticeProps = {
  /** A spec §8 title. */
  titleId: MessageId;
  bodyId: MessageId;
  /** Shows "Try again" when given. */
  onRetry?: () => void;
  isRetrying?: boolean;
  /** The failure, when the caller has it: its support code is shown (else the code of the call that just failed). */
  error?: unknown;
  /** The heading level that fits where the notice sits (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
};

/**
 * A failure shown in place of the part of the page that failed, while the rest keeps working. An alert, so assistive
 * technology announces it when it appears.
 */
export function ErrorNotice({
  titleId,
  bodyId,
  onRetry,
  isRetrying = false,
  error,
  headingLevel = 2,
  className = '',
}: ErrorNoticeProps) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div role="alert" className={`rounded-lg border border-danger-700/40 bg-danger-50 p-4 ${className}`}>
      <Heading className="text-lg font-semibold text-danger-700">{intl.formatMessage({ id: titleId })}</Heading>
      <p className="mt-1 text-ink">{intl.formatMessage({ id: bodyId })}</p>
      <SupportCode error={error} />
      {onRetry ? (
        <button
          type="button"
          onClick={() => {
            if (!isRetrying) onRetry();
          }}
          aria-disabled={isRetrying || undefined}
          className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong bg-surface px-5 font-semibold text-ink hover:bg-surface-muted aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {intl.formatMessage({ id: 'ui.retry' })}
        </button>
      ) : null}
    </div>
  );
}

const SupportCodeLine = lazy(() => import('./support-code'));

/**
 * Issue 23 item 4 (wider-portal.md §11): the support code of a failure, under its message: what the person quotes to
 * support (the ticket form takes it), which finds the server's log lines and the analytics events of that call. The
 * error's own call's; for a message shown without its error, that of the call that failed just before it appeared
 * (kept while the message stays, not replaced by later failures). Nothing when no call failed. The code's line is a
 * chunk of its own, loaded with the first failure, not with every page.
 */
export function SupportCode({ error }: { error?: unknown }) {
  const [shownWith] = useState(recentFailureTraceId);
  const traceId = (error === undefined ? null : traceIdOfError(error)) ?? shownWith;
  if (!traceId) return null;
  return (
    <Suspense fallback={null}>
      <SupportCodeLine traceId={traceId} />
    </Suspense>
  );
}
