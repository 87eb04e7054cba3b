import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type Config, isProduction } from '../../config';

export type IdentitySecrets = {
  cookieSecrets: string[];
  clientSecret: string;
  /** Private signing keys of the embedded issuer. */
  jwks: { keys: Record<string, unknown>[] };
};

/**
 * Secrets come from configuration. Outside production a missing one is generated for this process: fine for one
 * instance (sessions live in the database and survive restarts; only a sign-in in progress is lost), while more
 * than one instance must share configured secrets. Production refuses to start without them.
 */
export function loadIdentitySecrets(config: Config): IdentitySecrets {
  const embedded = config.oidc.issuerUrl === undefined;
  const missing = [
    config.cookieSecrets?.length ? null : 'COOKIE_SECRETS',
    config.oidc.clientSecret ? null : 'OIDC_CLIENT_SECRET',
    embedded && !config.oidc.jwks ? 'OIDC_JWKS' : null,
  ].filter((name): name is string => name !== null);
  if (isProduction(config) && missing.length > 0) {
    throw new Error(`Production needs ${missing.join(', ')}`);
  }
  return {
    cookieSecrets: config.cookieSecrets?.length ? config.cookieSecrets : [randomBytes(32).toString('base64url')],
    clientSecret: config.oidc.clientSecret ?? randomBytes(32).toString('base64url'),
    jwks: config.oidc.jwks ? (JSON.parse(config.oidc.jwks) as IdentitySecrets['jwks']) : generateJwks(),
  };
}

function generateJwks(): IdentitySecrets['jwks'] {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: `dev-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' }] };
}
