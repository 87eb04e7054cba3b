/** Random tokens, their SHA-256, constant-time comparison and signed anti-forgery tokens (identity, Quick Pay, pay links). */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A signed anti-forgery token for requests made before there is a session (the sign-in form): `nonce.signature`,
 * checked against every configured secret so secrets can rotate.
 */
export function signToken(secret: string, nonce = randomToken(16)): string {
  return `${nonce}.${createHmac('sha256', secret).update(nonce).digest('base64url')}`;
}

export function verifySignedToken(secrets: readonly string[], token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return secrets.some((secret) => safeEqual(signToken(secret, nonce), token));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function linkSignature(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');
}

/**
 * The token of a link sent to someone without a session (a visit's tracking link, a ticket's status link):
 * `<row id>.<expiry, Unix seconds>.<HMAC-SHA256 of purpose:id.expiry>`, signed with the first secret and verified
 * against each (so secrets can rotate). Nothing is stored; `purpose` keeps one kind of link from opening another.
 */
export function signLinkToken(secrets: readonly string[], purpose: string, id: string, expiresAt: Date): string {
  const [secret] = secrets;
  if (!secret) throw new Error(`no secret to sign a ${purpose} token`);
  const payload = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${linkSignature(secret, purpose, payload)}`;
}

/** The row a link's token names when one of `secrets` signed it for `purpose`; 'expired' past its time; else null. */
export function readLinkToken(
  secrets: readonly string[],
  purpose: string,
  token: string,
  now: Date,
): { id: string; expiresAt: Date } | 'expired' | null {
  const [id, expires, mac, extra] = token.split('.');
  if (!id || !expires || !mac || extra !== undefined || !UUID.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  const payload = `${id}.${expires}`;
  if (!secrets.some((secret) => safeEqual(linkSignature(secret, purpose, payload), mac))) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  return now < expiresAt ? { id, expiresAt } : 'expired';
}
