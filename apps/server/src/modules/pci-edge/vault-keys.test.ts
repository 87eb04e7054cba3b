import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { decryptSecret, encryptSecret } from './vault';
import { DEVELOPMENT_VAULT_KEY, loadVaultKeys, parseVaultKeys } from './vault-keys';

const hex = randomBytes(32).toString('hex');
const base64 = randomBytes(32).toString('base64');
const base64url = randomBytes(32).toString('base64url');

describe('VAULT_KEY', () => {
  it.each([
    ['64 hex digits', hex, 'k1'],
    ['base64', base64, 'k1'],
    ['base64url', base64url, 'k1'],
    ['an id and a key', `2026a:${hex}`, '2026a'],
  ])('reads %s', (_name, text, id) => {
    const keyring = parseVaultKeys(text);
    expect(keyring.current.id).toBe(id);
    expect(keyring.current.key).toHaveLength(32);
  });

  it.each([
    ['a short key', randomBytes(16).toString('hex')],
    ['a long key', randomBytes(33).toString('base64')],
    ['a key id with a dot', `a.b:${hex}`],
    ['the same id twice', `a:${hex},a:${base64}`],
    ['nothing', ' , '],
  ])('refuses %s', (_name, text) => {
    expect(() => parseVaultKeys(text)).toThrow(/VAULT_KEY/);
  });

  it('encrypts with the first key and decrypts with any (rotation)', () => {
    const old = parseVaultKeys(`old:${hex}`);
    const secret = encryptSecret(old, 'tok_a', '4242424242424242');
    expect(secret.startsWith('v1.old.')).toBe(true);
    const rotated = parseVaultKeys(`new:${base64},old:${hex}`);
    expect(decryptSecret(rotated, 'tok_a', secret)).toBe('4242424242424242');
    expect(encryptSecret(rotated, 'tok_a', '4242424242424242').startsWith('v1.new.')).toBe(true);
    expect(() => decryptSecret(parseVaultKeys(`new:${base64}`), 'tok_a', secret)).toThrow(/unknown key/);
  });

  it('is deterministic for a key, token and number, and differs for another token', () => {
    const keyring = parseVaultKeys(hex);
    const a = encryptSecret(keyring, 'tok_a', '4242424242424242');
    expect(encryptSecret(keyring, 'tok_a', '4242424242424242')).toBe(a);
    const b = encryptSecret(keyring, 'tok_b', '4242424242424242');
    expect(b.split('.')[2]).not.toBe(a.split('.')[2]);
  });

  it('refuses a tampered secret', () => {
    const keyring = parseVaultKeys(hex);
    const [version, id, iv, ciphertext, tag] = encryptSecret(keyring, 'tok_a', '4242424242424242').split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const tampered = [version, id, iv, flipped.toString('base64url'), tag].join('.');
    expect(() => decryptSecret(keyring, 'tok_a', tampered)).toThrow();
  });

  it('is required in production and falls back to the fixed development key elsewhere', () => {
    expect(() => loadVaultKeys({ portalEnv: 'prod', vaultKey: undefined })).toThrow('Production needs VAULT_KEY');
    const dev = loadVaultKeys({ portalEnv: 'dev', vaultKey: undefined });
    expect(dev.current).toEqual(parseVaultKeys(DEVELOPMENT_VAULT_KEY).current);
    // no PORTAL_ENV and the default PUBLIC_URL (localhost): dev
    expect(loadVaultKeys({ portalEnv: loadConfig({}).portalEnv, vaultKey: undefined }).current.id).toBe('dev');
    expect(loadVaultKeys({ portalEnv: 'prod', vaultKey: hex }).current.key.toString('hex')).toBe(hex);
  });
});
