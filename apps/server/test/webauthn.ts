import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for the passkey tests (ADR 029): a P-256 key made with node:crypto, the attestation 'none'
 * and the assertions built by hand, as a platform authenticator builds them (WebAuthn level 3, §6.1 authenticator
 * data, §8.7 'none' attestation). It answers @simplewebauthn's JSON options with @simplewebauthn's JSON responses.
 */

/** A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer<ArrayBuffer> {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
};

/** Registers a new key for the options (`navigator.credentials.create`); returns the response JSON and the key. */
export function createPasskey(
  options: CreationOptions,
  origin: string,
  flags: { uv?: boolean; credentialId?: Buffer } = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const credentialId = flags.credentialId ?? randomBytes(32);
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  // UP, UV (unless asked otherwise), AT
  const flagByte = 0x01 | (flags.uv === false ? 0 : 0x04) | 0x40;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flagByte]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    coseKey,
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const passkey: SoftPasskey = { credentialId, privateKey, rpId, userHandle: options.user.id, counter: 0 };
  const response = {
    id: b64url(credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Signs the options' challenge (`navigator.credentials.get`); `tamper` spoils the signature. */
export function assertPasskey(
  passkey: SoftPasskey,
  options: RequestOptions,
  origin: string,
  { tamper = false }: { tamper?: boolean } = {},
) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpId), Buffer.from([0x05]), counter]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  if (tamper) signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0xff;
  return {
    id: b64url(passkey.credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}
