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
