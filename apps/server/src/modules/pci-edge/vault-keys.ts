import { type Config, isProduction } from '../../config';

/** One AES-256 key of the vault, named by the id written into every secret it encrypts. */
export type VaultKey = { id: string; key: Buffer };

/** The keys the vault knows: the first encrypts (and fingerprints), every one decrypts (key rotation). */
export type VaultKeyring = { current: VaultKey; byId: ReadonlyMap<string, VaultKey> };

/**
 * The development key, used outside production when `VAULT_KEY` is unset. It is fixed (not random) so that card
 * data encrypted before a restart stays readable, and it is public: it protects demo data only. Documented in the
 * README; production refuses to start without its own `VAULT_KEY`.
 */
export const DEVELOPMENT_VAULT_KEY = 'dev:0000000000000000000000000000000000000000000000000000000000000000';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

function decodeKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * `VAULT_KEY`: one key (64 hex digits or base64/base64url of 32 bytes), or several comma-separated `id:key` pairs
 * for rotation, the first one current. A key without an id is `k1`. Throws on anything else (the app does not start).
 */
export function parseVaultKeys(text: string): VaultKeyring {
  const keys: VaultKey[] = [];
  for (const part of text.split(',').map((item) => item.trim())) {
    if (!part) continue;
    const colon = part.indexOf(':');
    const id = colon === -1 ? 'k1' : part.slice(0, colon);
    const key = decodeKey(colon === -1 ? part : part.slice(colon + 1));
    if (!KEY_ID.test(id)) throw new Error('VAULT_KEY: a key id is letters, digits, - and _ only');
    if (!key) throw new Error(`VAULT_KEY: key ${id} is not 32 bytes of hex or base64`);
    if (keys.some((known) => known.id === id)) throw new Error(`VAULT_KEY: key id ${id} appears twice`);
    keys.push({ id, key });
  }
  const [current] = keys;
  if (!current) throw new Error('VAULT_KEY: no key');
  return { current, byId: new Map(keys.map((key) => [key.id, key])) };
}

/**
 * The vault key from configuration (the pattern of identity/secrets.ts): production refuses to start without it;
 * elsewhere a missing key is the fixed development key.
 */
export function loadVaultKeys(config: Pick<Config, 'portalEnv' | 'vaultKey'>): VaultKeyring {
  if (!config.vaultKey) {
    if (isProduction(config)) throw new Error('Production needs VAULT_KEY');
    return parseVaultKeys(DEVELOPMENT_VAULT_KEY);
  }
  return parseVaultKeys(config.vaultKey);
}
