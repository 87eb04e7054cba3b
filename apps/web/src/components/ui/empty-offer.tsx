import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { AppPath } from '../../lib/app-path';
import type { MessageId } from '../../messages';
import { CARD, PRIMARY_BUTTON } from './form-styles';

type EmptyOfferProps = {
  titleId: MessageId;
  bodyId?: MessageId;
  /** The call to action: what to do about it, and where. */
  actionId: MessageId;
  to: AppPath;
  /** The heading level that fits where the offer sits (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
  testId?: string;
};

/**
 * A service the business does not have (yet), shown as what it is: an empty state with an offer, not a failure
 * (issue 14: no mobile service, no streaming subscription). Not an alert; nothing went wrong.
 */
export function EmptyOffer({
  titleId,
  bodyId,
  actionId,
  to,
  headingLevel = 2,
  className = '',
  testId,
}: EmptyOfferProps) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${CARD} ${className}`} data-testid={testId}>
      <Heading id={headingId} className="text-xl font-semibold text-navy-900">
        {intl.formatMessage({ id: titleId })}
      </Heading>
      {bodyId ? <p className="mt-2 max-w-3xl leading-relaxed text-ink">{intl.formatMessage({ id: bodyId })}</p> : null}
      <Link to={to} className={`${PRIMARY_BUTTON} mt-4`}>
        {intl.formatMessage({ id: actionId })}
      </Link>
    </section>
  );
}
