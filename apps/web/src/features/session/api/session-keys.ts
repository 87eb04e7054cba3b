/** Query keys of the session feature. */
export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  interaction: (uid: string) => [...sessionKeys.all, 'interaction', uid] as const,
};
