import type { PortalEnv } from './constants';

/**
 * Feature flags (product-decisions.md): every toggle the spec names, with its default in `dev` and in `prod`.
 * Other non-production environments take the `dev` default. Overrides are set through the non-production API.
 */
export const FLAG_DEFAULTS = {
  voice: { dev: false, prod: false },
  speedTest: { dev: true, prod: false },
  selfInstall: { dev: true, prod: true },
  selfInstallSpeedBump: { dev: true, prod: true },
  trafficRedirect: { dev: true, prod: false },
  techAmenitiesPropertyHome: { dev: true, prod: false },
  techAmenitiesMfe: { dev: true, prod: false },
  securitySuite: { dev: true, prod: true },
  userPreferences: { dev: true, prod: true },
  troubleshootStub: { dev: true, prod: false },
  billingStub: { dev: true, prod: false },
  softDisconnect: { dev: true, prod: true },
  hostedVoice: { dev: true, prod: true },
  communityTab: { dev: true, prod: true },
  maintenance: { dev: false, prod: false },
} as const satisfies Record<string, { dev: boolean; prod: boolean }>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];
export type FlagValues = Record<FlagName, boolean>;

export function defaultFlags(env: PortalEnv): FlagValues {
  const column = env === 'prod' ? 'prod' : 'dev';
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, FLAG_DEFAULTS[name][column]])) as FlagValues;
}
