import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { SupportCode } from './error-notice';

type ErrorPanelProps = {
  titleId: MessageId;
  bodyId: MessageId;
  values?: Record<string, string | number>;
  /** Heading level where the panel sits: 4 inside a step (whose title is h3), 2 under a page's title. */
  headingLevel?: 2 | 3 | 4;
  /** The failure, when the caller has it: its support code is shown (else the code of the call that just failed). */
  error?: unknown;
  children?: ReactNode;
};

/** A spec §8 failure inside a payment step, announced when it appears; `children` holds the ways forward. */
export function ErrorPanel({ titleId, bodyId, values, headingLevel = 4, error, children }: ErrorPanelProps) {
  const intl = useIntl();
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h4';
  return (
    <div role="alert" className="rounded-lg border border-danger-700/40 bg-danger-50 p-4">
      <Heading className="text-lg font-semibold text-danger-700">{intl.formatMessage({ id: titleId })}</Heading>
      <p className="mt-1 text-ink">{intl.formatMessage({ id: bodyId }, values)}</p>
      <SupportCode error={error} />
      {children ? <div className="mt-3 flex flex-wrap gap-3">{children}</div> : null}
    </div>
  );
}
