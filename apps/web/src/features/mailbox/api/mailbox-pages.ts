import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

/** The keyset pages of a mailbox list (newest first): each page names the cursor of the next, older one. */
type MailboxPage = { items: unknown[]; nextCursor: string | null; previousCursor: string | null };

/**
 * A mailbox list as an infinite query: the first page, then each older page after it (`Show older` keeps the pages
 * already shown). Never fresh for long: the portal sends while the page is open, so a visit always asks again.
 */
export function mailboxPagesOptions<P extends MailboxPage>(
  path: string,
  schema: ZodType<P>,
  queryKey: readonly unknown[],
  to: string | undefined,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiRequest(withQuery(path, { to, cursor: pageParam }), { schema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: P) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}
