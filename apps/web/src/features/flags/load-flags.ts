import type { FlagValues } from '@vireo/shared';

/**
 * The OpenFeature SDK is a chunk of its own: visitors' pages never need it, and the first page that does (a guard
 * or the signed-in navigation) loads it together with the flags.
 */
export function loadFlagsClient() {
  return import('./flags-client');
}

export async function loadFlagValues(): Promise<FlagValues> {
  const { getFlagValues } = await loadFlagsClient();
  return getFlagValues();
}
