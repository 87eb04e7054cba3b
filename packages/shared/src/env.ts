import { PORTAL_ENVS, type PortalEnv, type PortalVariant } from './constants';

/** spec §9: the environment is detected by the host's suffix; `localhost` is dev (product-decisions.md). */
export function detectEnvironment(host: string): PortalEnv | null {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  // loopback names and addresses (127.0.0.0/8, ::1) are the developer's own machine
  if (name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '[::1]') {
    return 'dev';
  }
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
