import { type AuditAction, type AuditActorKind, type AuditResult, auditAreaOf } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditEvents, memberships, users } from '../db/schema';
import { browserOf, currentRequest, ipPrefixOf } from './request-context';

/** An entry to record: its action one of AUDIT_ACTIONS (so every action has words in both catalogs). */
export type AuditEntry = Omit<typeof auditEvents.$inferInsert, 'action'> & { action: AuditAction };

/**
 * The result of an action by its name (issue 18 item 6): the failures are recorded under actions of their own
 * (`payment.failed`, `payment.returned`, `registration.code_refused`), so the name decides, in this one place.
 */
export function auditResultOf(action: string): AuditResult {
  const verb = action.split('.').at(-1) ?? '';
  return verb === 'failed' || verb === 'returned' || verb.endsWith('_failed') || verb.endsWith('_refused')
    ? 'failed'
    : 'succeeded';
}

/**
 * Who acted (wider-portal.md §4): a portal user when the entry names one; a guest (Quick Pay, a pay link, an open
 * door) when it says so or when a request without a signed-in actor made the change; Vireo itself otherwise (the
 * background work and jobs run outside any request: platform/request-context.ts `asSystem`).
 */
function actorKindOf(entry: AuditEntry, inRequest: boolean): AuditActorKind {
  if (entry.actorUserId) return 'user';
  if (entry.data?.actor === 'guest' || inRequest) return 'guest';
  return 'system';
}

/**
 * Audit entries (platform layer, architecture.md): every state change of every module writes one, in the transaction
 * of the change, so an entry exists exactly when the change does. `record` completes what the customer-visible log
 * shows (issue 18 item 6), so call sites name only the action: its area and result, the actor's kind, their name and
 * role as they are now (kept when the user is later removed), the request's truncated address and browser, and its id
 * when the call site names none.
 * Values a caller passes win.
 */
export function createAuditRepository() {
  return {
    async record(ex: Executor, entry: AuditEntry) {
      const request = currentRequest();
      let actorName = entry.actorName;
      let actorRole = entry.actorRole;
      if (entry.actorUserId && (actorName === undefined || actorRole === undefined)) {
        const [actor] = await ex
          .select({ firstName: users.firstName, lastName: users.lastName, role: memberships.role })
          .from(users)
          .leftJoin(
            memberships,
            and(
              eq(memberships.userId, users.id),
              entry.accountId ? eq(memberships.accountId, entry.accountId) : undefined,
            ),
          )
          .where(eq(users.id, entry.actorUserId))
          .limit(1);
        actorName ??= actor ? `${actor.firstName} ${actor.lastName}`.trim() : null;
        actorRole ??= actor?.role ?? null;
      }
      await ex.insert(auditEvents).values({
        ...entry,
        requestId: entry.requestId ?? request?.requestId ?? null,
        area: entry.area ?? auditAreaOf(entry.action),
        result: entry.result ?? auditResultOf(entry.action),
        actorKind: entry.actorKind ?? actorKindOf(entry, request !== null),
        actorName: actorName ?? null,
        actorRole: actorRole ?? null,
        ipPrefix: entry.ipPrefix !== undefined ? entry.ipPrefix : ipPrefixOf(request?.ip),
        userAgent: entry.userAgent !== undefined ? entry.userAgent : browserOf(request?.userAgent),
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
