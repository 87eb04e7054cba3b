import { createHash } from 'node:crypto';
import { AppError, IDEMPOTENCY_HEADER } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { authOf } from '../plugins/auth';

/**
 * What a money-moving request sent: the key is bound to it (architecture.md, money-moving requests). A signed-in
 * user's keys are theirs (`userId`); a guest's (Quick Pay, issue 17 item 6) are scoped by `guestScope` instead.
 */
export type IdempotentRequest = { key: string; method: string; path: string; body: unknown } & (
  | { userId: string; guestScope?: undefined }
  | { userId: null; guestScope: string }
);

export type StoredResponse = { status: number; body: unknown };

/** Keys are 1-255 visible characters (a UUID v4 from the portal's client). */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 'Idempotency-Key header required');
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'invalid Idempotency-Key', {
      fields: [{ path: 'headers.idempotency-key', code: 'invalid_string' }],
    });
  }
  return key;
}

/**
 * The money-moving request as the idempotency store keys it: the signed-in user, the Idempotency-Key header, the
 * method, the route and the body (400 without a key).
 */
export function idempotentRequest(request: FastifyRequest): IdempotentRequest {
  return {
    userId: authOf(request).userId,
    key: parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]),
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    body: request.body ?? null,
  };
}

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(request: IdempotentRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n${canonical(request.body)}`)
    .digest('hex');
}

export type Claim =
  /** The key is ours: do the work in this transaction. */
  | { claimed: true; id: string }
  /** The key was used before and finished: answer what was answered then. */
  | { claimed: false; replay: StoredResponse };

/**
 * Claims a key with INSERT … ON CONFLICT DO NOTHING inside the caller's transaction. On PostgreSQL a concurrent
 * claim of the same key waits for this transaction: if it commits, the other sees the stored row; if it rolls back
 * (the work failed validation), the key is free again. A finished key replays; one still in progress is 409; the
 * same key with another body is 422.
 */
export async function claimIdempotencyKey(tx: Tx, request: IdempotentRequest, now: Date): Promise<Claim> {
  const hash = requestHash(request);
  const [inserted] = await tx
    .insert(idempotencyKeys)
    .values({
      userId: request.userId,
      guestScope: request.guestScope ?? null,
      key: request.key,
      method: request.method,
      path: request.path,
      requestHash: hash,
      status: 'in_progress',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted) return { claimed: true, id: inserted.id };
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        request.userId === null
          ? eq(idempotencyKeys.guestScope, request.guestScope)
          : eq(idempotencyKeys.userId, request.userId),
        eq(idempotencyKeys.key, request.key),
      ),
    );
  if (!existing) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'key claimed concurrently');
  if (existing.requestHash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key used with another request');
  }
  if (existing.status !== 'completed') {
    throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'a request with this Idempotency-Key is in progress');
  }
  return { claimed: false, replay: { status: existing.responseStatus ?? 200, body: existing.responseBody } };
}

/** Keeps what the work made (and what to answer so far) while its outcome is not known yet. */
export async function holdIdempotencyKey(ex: Executor, id: string, resourceId: string, partial: unknown) {
  await ex.update(idempotencyKeys).set({ resourceId, responseBody: partial }).where(eq(idempotencyKeys.id, id));
}

export async function completeIdempotencyKey(ex: Executor, id: string, response: StoredResponse, resourceId?: string) {
  await ex
    .update(idempotencyKeys)
    .set({ status: 'completed', responseStatus: response.status, responseBody: response.body, resourceId })
    .where(eq(idempotencyKeys.id, id));
}

/** The key (if any) still waiting for the outcome of this resource, with what it held so far. */
export async function findHeldKey(ex: Executor, resourceId: string) {
  const [row] = await ex
    .select({ id: idempotencyKeys.id, responseBody: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.resourceId, resourceId), eq(idempotencyKeys.status, 'in_progress')));
  return row ?? null;
}

/** The idempotency keys as a service's dependency (app.ts passes these; a service test passes an in-memory fake). */
export function createIdempotencyStore() {
  return {
    claim: claimIdempotencyKey,
    hold: holdIdempotencyKey,
    complete: completeIdempotencyKey,
    findHeld: findHeldKey,
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/**
 * The answer of an idempotent route (ADR 009): the work gets the request's Idempotency-Key and answers a stored
 * response, which is sent as it is, the first time and on every replay; the route's response schemas still check the
 * body on the way out. `(request, reply) => answerIdempotently(request, reply, (key) => service.change(…, key))`.
 */
export async function answerIdempotently(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (key: IdempotentRequest) => Promise<StoredResponse>,
) {
  const stored = await work(idempotentRequest(request));
  return reply.status(stored.status).send(stored.body);
}
