import { supportCodeOf } from '@vireo/shared';
import { useIntl } from 'react-intl';

/** The line of a support code (error-notice.tsx `SupportCode`, which loads it with the first failure shown). */
export default function SupportCodeLine({ traceId }: { traceId: string }) {
  const intl = useIntl();
  return (
    <p className="mt-2 text-sm text-ink-muted" data-testid="support-code">
      {intl.formatMessage(
        { id: 'ui.supportCode' },
        {
          code: <span className="font-mono font-semibold whitespace-nowrap text-ink">{supportCodeOf(traceId)}</span>,
        },
      )}
    </p>
  );
}
