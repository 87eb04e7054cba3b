import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { focusMainContent, MAIN_CONTENT_ID } from './main-content';

/** WCAG 2.4.1: the first Tab stop; hidden until focused. */
export function SkipLink() {
  const intl = useIntl();
  // Focus main directly: following the hash would put `#main-content` into the router's URL.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMainContent();
    document.getElementById(MAIN_CONTENT_ID)?.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      className="sr-only rounded-md bg-surface font-semibold text-ink underline shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-3"
    >
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </a>
  );
}
