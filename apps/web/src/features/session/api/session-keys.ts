import { queryRoots } from '../../../entities/query-keys';

/** Query keys of the session feature (its root is shared: a Primary transfer refreshes the profile). */
export const sessionKeys = {
  all: queryRoots.session,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  interaction: (uid: string) => [...sessionKeys.all, 'interaction', uid] as const,
};
