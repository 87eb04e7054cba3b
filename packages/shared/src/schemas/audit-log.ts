import { z } from 'zod';
import { AUDIT_ACTOR_KINDS, AUDIT_AREAS, AUDIT_RESULTS } from '../constants';
import { PORTAL_ROLES } from '../roles';
import { pageOf } from './billing';

/**
 * The customer-visible audit log (issue 18 item 6, wider-portal.md §4): PRIMARY and ADMIN (`audit.view`) read their
 * account's entries newest first: who (a user's name and role as they were, "Guest" for Quick Pay and pay links,
 * "Vireo" for jobs), what, which target, when, from where (a truncated address and the browser), the result. Filters
 * by user, area and dates (the account's time zone days); keyset paging; a CSV export with the same filters. Entries
 * are kept `AUDIT_RETENTION_DAYS`.
 */
export const AUDIT_LOG_PATH = '/api/pub/account/v1/audit-log';
export const AUDIT_LOG_EXPORT_PATH = `${AUDIT_LOG_PATH}/export`;
export const AUDIT_LOG_PAGE = '/profile-and-settings/audit-log';

const IsoDate = z.iso.date();

/** The user filter: one of the account's users, or every guest, or Vireo's own work. */
export const AuditActorFilterSchema = z.union([z.uuid(), z.enum(['guest', 'system'])]);
export type AuditActorFilter = z.infer<typeof AuditActorFilterSchema>;

const filters = {
  actor: z.optional(AuditActorFilterSchema),
  area: z.enum(AUDIT_AREAS).optional(),
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
};

export const AuditLogQuerySchema = z.strictObject({
  ...filters,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogExportQuerySchema = z.strictObject({ ...filters, lang: z.enum(['en', 'es']).optional() });
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    /** The user's id while they are one of the account's users (the filter's value); null for guests and Vireo. */
    userId: z.uuid().nullable(),
    /** Their name and role when they acted; null for guests and Vireo (the page names them). */
    name: z.string().nullable(),
    role: z.enum(PORTAL_ROLES).nullable(),
  }),
  /** The action's code (`payment.submitted`); the page and the export word it in the reader's language. */
  action: z.string(),
  area: z.enum(AUDIT_AREAS),
  /** What was acted on, as a person reads it: a name or a payment method's label, and an amount; never an id. */
  target: z.object({ label: z.string().nullable(), amountCents: z.number().int().nullable() }),
  result: z.enum(AUDIT_RESULTS),
  ipPrefix: z.string().nullable(),
  browser: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** One of the account's users, for the user filter. */
export const AuditUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(PORTAL_ROLES),
});
export type AuditUser = z.infer<typeof AuditUserSchema>;

export const AuditLogPageSchema = pageOf(AuditEntrySchema).extend({ users: z.array(AuditUserSchema) });
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
