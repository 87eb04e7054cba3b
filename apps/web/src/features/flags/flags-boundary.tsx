import { OpenFeatureProvider } from '@openfeature/react-sdk';
import type { ReactNode } from 'react';

/** Gives the OpenFeature React hooks their client; render it after `ensureFlagProvider()` has been called. */
export function FlagsBoundary({ children }: { children: ReactNode }) {
  return <OpenFeatureProvider>{children}</OpenFeatureProvider>;
}
