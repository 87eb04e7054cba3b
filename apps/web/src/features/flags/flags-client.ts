import { OpenFeature } from '@openfeature/web-sdk';
import { FLAG_NAMES, type FlagValues } from '@vireo/shared';
import { FALLBACK_FLAGS } from './get-flags';
import { VireoFlagProvider } from './vireo-flag-provider';

/** A promise React's `use` can read synchronously once settled (the status fields React itself reads). */
type TrackedPromise = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

let ready: TrackedPromise | null = null;

/** Registers the provider once and resolves when its flags are loaded (it never fails: see VireoFlagProvider). */
export function ensureFlagProvider(): Promise<void> {
  if (!ready) {
    const promise: TrackedPromise = OpenFeature.setProviderAndWait(new VireoFlagProvider());
    promise.status = 'pending';
    promise.then(() => {
      promise.status = 'fulfilled';
    });
    ready = promise;
  }
  return ready;
}

/** Every flag's value through the OpenFeature client, for code outside React (route guards). */
export async function getFlagValues(): Promise<FlagValues> {
  await ensureFlagProvider();
  const client = OpenFeature.getClient();
  const values = { ...FALLBACK_FLAGS };
  for (const name of FLAG_NAMES) values[name] = client.getBooleanValue(name, FALLBACK_FLAGS[name]);
  return values;
}

/** Tests load different flags per test. */
export async function resetFlagsForTests(): Promise<void> {
  ready = null;
  await OpenFeature.clearProviders();
}
