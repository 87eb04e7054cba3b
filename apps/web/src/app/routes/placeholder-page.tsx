import { useMatch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLoadingIndicatorControls } from '../layouts/loading-indicator';

/**
 * The page of a route whose screen arrives with a later issue: the page's translated name and one sentence saying it
 * is not available yet. One component for all of them; the title comes from the route's `staticData.titleId`.
 */
export function PlaceholderPage() {
  const intl = useIntl();
  const titleId = useMatch({ strict: false, select: (match) => match.staticData?.titleId });
  const { hide } = useLoadingIndicatorControls();
  // spec §4: a page that keeps the loading indicator (/security-suite) turns it off once it is ready; this one is.
  useEffect(() => hide(), [hide]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">
        {titleId ? intl.formatMessage({ id: titleId }) : null}
      </h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-muted">
        {intl.formatMessage({ id: 'placeholder.body' })}
      </p>
    </div>
  );
}
