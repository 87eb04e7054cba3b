import { useBooleanFlagValue } from '@openfeature/react-sdk';
import type { FlagName } from '@vireo/shared';
import { FALLBACK_FLAGS } from './get-flags';

/**
 * A flag's value through the OpenFeature React SDK; suspends until the provider is ready, so a component never
 * renders once with the fallback and then again with the real value (no flicker, no layout shift).
 */
export function useFlag(name: FlagName): boolean {
  return useBooleanFlagValue(name, FALLBACK_FLAGS[name], { suspendUntilReady: true });
}
