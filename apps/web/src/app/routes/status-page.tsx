import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';

type StatusPageProps = {
  titleId: MessageId;
  bodyId: MessageId;
  linkId: MessageId;
};

/** The frame of the full-page notices (not found, maintenance): a heading, one sentence and the way home. */
export function StatusPage({ titleId, bodyId, linkId }: StatusPageProps) {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">{intl.formatMessage({ id: titleId })}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">{intl.formatMessage({ id: bodyId })}</p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800"
      >
        {intl.formatMessage({ id: linkId })}
      </Link>
    </div>
  );
}
