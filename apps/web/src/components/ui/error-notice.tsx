import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';

type ErrorNoticeProps = {
  /** A spec §8 title. */
  titleId: MessageId;
  bodyId: MessageId;
  /** Shows "Try again" when given. */
  onRetry?: () => void;
  isRetrying?: boolean;
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
  headingLevel = 2,
  className = '',
}: ErrorNoticeProps) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div role="alert" className={`rounded-lg border border-danger-700/40 bg-danger-50 p-4 ${className}`}>
      <Heading className="text-lg font-semibold text-danger-700">{intl.formatMessage({ id: titleId })}</Heading>
      <p className="mt-1 text-ink">{intl.formatMessage({ id: bodyId })}</p>
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
