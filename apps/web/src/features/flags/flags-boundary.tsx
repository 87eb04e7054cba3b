import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { type ReactNode, use } from 'react';
import { ensureFlagProvider } from './flags-client';

/**
 * Gives the OpenFeature React hooks their client, once the flags are loaded (suspends until then; callers usually
 * load the flags before rendering it, and then it does not suspend at all).
 */
export function FlagsBoundary({ children }: { children: ReactNode }) {
  use(ensureFlagProvider());
  return <OpenFeatureProvider>{children}</OpenFeatureProvider>;
}
