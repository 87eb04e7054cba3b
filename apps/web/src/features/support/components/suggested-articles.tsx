import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import { localeOf } from '../../../lib/dates';
import { useSupportSearch } from '../api/support-api';

/** How long the subject rests before the articles are looked up, and the fewest letters worth a search. */
const PAUSE_MS = 350;
const MIN_LETTERS = 3;
const SHOWN = 3;

/**
 * Issue 21 item 4 (ServiceNow's pattern): while the subject is typed, the help articles that may already answer it.
 * They open in a new tab, so the message being written stays as it is.
 */
export function SuggestedArticles({ subject }: { subject: string }) {
  const intl = useIntl();
  const lang = localeOf(intl);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const words = subject.trim();
    const timer = setTimeout(() => setQuery(words.length >= MIN_LETTERS ? words : ''), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [subject]);
  const results = useSupportSearch(lang, query);
  const first = results.data?.pages[0];
  const hits = query && first ? first.items.slice(0, SHOWN) : [];
  return (
    <div aria-live="polite">
      {hits.length > 0 ? (
        <section
          aria-labelledby="suggested-articles"
          className="mt-3 rounded-lg border border-line bg-surface-muted p-4"
        >
          <h3 id="suggested-articles" className="font-semibold text-navy-900">
            {intl.formatMessage({ id: 'support.forms.suggested.title' })}
          </h3>
          <ul className="mt-2 space-y-1">
            {hits.map((hit) => (
              <li key={hit.slug}>
                <a href={`/page/${hit.slug}`} target="_blank" rel="noopener" className={TEXT_LINK} lang={hit.lang}>
                  {hit.title}
                  <span className="sr-only"> {intl.formatMessage({ id: 'support.forms.suggested.newTab' })}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
