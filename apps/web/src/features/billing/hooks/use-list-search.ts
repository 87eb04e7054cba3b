import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { HistoryFilter } from '../utils/billing-paths';
import { filterFromSearch } from '../utils/date-input';

type ListSearch = { cursor?: string; from?: string; to?: string; tab?: string };

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  // The router parses JSON-looking values; an opaque cursor made of digits comes back as a number.
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * The list state lives in the address (cursor, date filter, tab), so Back and Forward walk the pages and a reload
 * keeps them. Undefined values drop out of the query string.
 */
export function useListSearch() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const cursor = asString(search.cursor);
  const filter: HistoryFilter = filterFromSearch(search);
  const tab = asString(search.tab);

  const update = useCallback(
    (changes: ListSearch) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous, ...changes };
          for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
          return next;
        },
        // Paging is navigation inside one page: keep the scroll position and the focus on the control.
        resetScroll: false,
      });
    },
    [navigate],
  );

  return { cursor, filter, tab, update };
}
