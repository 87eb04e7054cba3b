import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';

export type AuditEntry = typeof auditEvents.$inferInsert;

/**
 * Audit entries (platform layer, architecture.md): every state change of every module writes one, in the transaction
 * of the change, so an entry exists exactly when the change does.
 */
export function createAuditRepository() {
  return {
    async record(ex: Executor, entry: AuditEntry) {
      await ex.insert(auditEvents).values(entry);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
