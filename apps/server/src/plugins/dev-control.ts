import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { safeEqual } from '../platform/tokens';

/**
 * The dev controls (`/api/dev/...`: billing clock, flag overrides, processor and billing-system faults; issue 14
 * item 4) are registered only in a non-production process and answer only a signed-in session, or the local
 * operator: a process on the server's machine that can read the token the server wrote, readable by its own user
 * only, into its data directory at start (`npm run clock`, which cannot sign in and cannot open the embedded
 * database while the portal holds it). Nothing a client can put in a request (a Host header, an address) opens them.
 */
export const DEV_CONTROL_ROUTE = { access: 'session', devControl: true } as const;

/** Where a non-production server on `port` keeps its operator token (one file per port: several may run). */
export function devControlTokenPath(config: Pick<Config, 'dataDir' | 'port'>, cwd = process.cwd()): string {
  return join(resolve(cwd, config.dataDir), `dev-control-${config.port}.token`);
}

/** Writes a new operator token for this process (owner-only file) and returns it with a way to remove it. */
export function writeDevControlToken(config: Pick<Config, 'dataDir' | 'port'>): { token: string; remove(): void } {
  const token = randomBytes(32).toString('base64url');
  const path = devControlTokenPath(config);
  mkdirSync(resolve(config.dataDir), { recursive: true });
  rmSync(path, { force: true });
  writeFileSync(path, token, { mode: 0o600, flag: 'wx' });
  return { token, remove: () => rmSync(path, { force: true }) };
}

/** Whether the request carries this process's operator token (`Authorization: Bearer <token>`). */
export function isLocalOperator(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return safeEqual(header.slice('Bearer '.length), token);
}

/**
 * The non-production viewers, the mailbox (`/api/dev/mailbox/...`, wider-portal.md §2) and the analytics events
 * (`/api/dev/analytics/...`, issue 23): read-only and open without sign-in, unlike the dev controls, because the people
 * they serve have no session yet (a visitor creating an account follows the verification link from the mailbox; a
 * browser test reads what a visitor's page sent). They are registered only outside production, where every account
 * is demo data whose password is published (demo-data.md); they expose no more than those passwords already do.
 */
export const DEV_VIEWER_ROUTE = { access: 'public' } as const;
