import { useNavigate } from '@tanstack/react-router';
import { SUPPORT_QUERY_MAX } from '@vireo/shared';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { FIELD_ERROR, PRIMARY_BUTTON } from '../../../components/ui/form-styles';

/**
 * The help search's box (issue 21 item 2) on /support and /search-results: its words open /search-results. A blank
 * box says what to type instead of searching for nothing.
 */
export function SearchForm({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = useId();
  const [words, setWords] = useState(initial);
  const [blank, setBlank] = useState(false);
  const label = intl.formatMessage({ id: 'support.search.label' });
  return (
    <search aria-label={label}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const q = words.trim();
          setBlank(q.length === 0);
          if (q) void navigate({ to: '/search-results', search: { q } });
        }}
      >
        <label htmlFor={id} className="block font-semibold text-ink">
          {label}
        </label>
        <div className="mt-2 flex max-w-2xl gap-2">
          <input
            id={id}
            name="q"
            type="search"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            maxLength={SUPPORT_QUERY_MAX}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the search page's one field, where the person came to type
            autoFocus={autoFocus}
            placeholder={intl.formatMessage({ id: 'support.search.placeholder' })}
            aria-describedby={blank ? `${id}-blank` : undefined}
            aria-invalid={blank || undefined}
            className="block min-h-11 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-3 text-ink aria-invalid:border-danger-700"
          />
          <button type="submit" className={`${PRIMARY_BUTTON} gap-2`}>
            <Search aria-hidden="true" focusable="false" className="size-5" />
            {intl.formatMessage({ id: 'support.search.submit' })}
          </button>
        </div>
        {blank ? (
          <p id={`${id}-blank`} className={FIELD_ERROR}>
            {intl.formatMessage({ id: 'support.search.empty' })}
          </p>
        ) : null}
      </form>
    </search>
  );
}
