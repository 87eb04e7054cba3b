import { PORTAL_ENVS, type PortalEnv, type PortalVariant } from './constants';

/** spec §9: the environment is detected by the host's suffix; `localhost` is dev (product-decisions.md). */
export function detectEnvironment(host: string): PortalEnv | null {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name.endsWith('.localhost')) return 'dev';
  for (const env of PORTAL_ENVS) {
    if (name === env || name.endsWith(`.${env}`) || name.endsWith(`-${env}`) || name.split('.').includes(env)) {
      return env;
    }
  }
  return null;
}

/** product-decisions.md: a host starting with `community.` serves the community variant. */
export function detectVariant(host: string): PortalVariant | null {
  return host.toLowerCase().startsWith('community.') ? 'community' : null;
}
