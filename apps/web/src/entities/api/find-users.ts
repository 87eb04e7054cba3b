import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ManagedUserStatus, USERS_PATH, type UsersPage, UsersPageSchema } from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';
import { usersKeys } from '../query-keys';

/** What a users list shows: the search, the status filter and the keyset page. */
export type UsersFilter = { q: string; status: ManagedUserStatus | undefined; cursor: string | undefined };

/** One keyset page of the account's users in name order; `q` searches name, username and e-mail. */
export function findUsers(filter: UsersFilter, signal?: AbortSignal): Promise<UsersPage> {
  const path = withQuery(USERS_PATH, { q: filter.q.trim() || undefined, status: filter.status, cursor: filter.cursor });
  return apiRequest(path, { schema: UsersPageSchema, signal });
}

/** The users page's list, and the people a voice line can be assigned to (the active ones). */
export function usersListOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: usersKeys.list(filter),
    queryFn: ({ signal }) => findUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}
