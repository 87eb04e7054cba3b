import { hash, verify } from '@node-rs/argon2';

// architecture.md: argon2id, m=19 MiB, t=2, p=1 (the OWASP baseline)
const OPTIONS = {
  algorithm: 2 /* Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
