import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { FlagName, FlagValues } from '@vireo/shared';
import { flagsQueryOptions } from './get-flags';

/**
 * A flag's value; suspends until the flags are loaded, so a component never renders once with the fallback and then
 * again with the real value (no flicker, no layout shift). Pages start the read in their loader (`loadFlags`).
 */
export function useFlag(name: FlagName): boolean {
  return useSuspenseQuery(flagsQueryOptions()).data[name];
}

/** Every flag's value, for code outside React (route guards, loaders); never fails (the defaults on an error). */
export function loadFlags(queryClient: QueryClient): Promise<FlagValues> {
  return queryClient.ensureQueryData(flagsQueryOptions());
}
