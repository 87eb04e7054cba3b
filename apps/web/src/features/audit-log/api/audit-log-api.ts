import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AUDIT_LOG_EXPORT_PATH,
  AUDIT_LOG_PATH,
  type AuditArea,
  type AuditEntry,
  type AuditLogPage,
  AuditLogPageSchema,
  type AuditUser,
  type Locale,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { AuditArea, AuditEntry, AuditLogPage, AuditUser };

/** The reader's filters: a user (an id, or every guest, or Vireo's own work), an area, and the account's days. */
export type AuditFilter = { actor?: string; area?: AuditArea; from?: string; to?: string };

/** Query keys of the audit log (no other feature reads it). */
export const auditLogKeys = {
  all: ['auditLog'] as const,
  page: (filter: AuditFilter, cursor: string | undefined) =>
    [...auditLogKeys.all, 'page', { ...filter, cursor }] as const,
};

/** One keyset page, newest first; `cursor` is a page's nextCursor (older) or previousCursor (newer). */
export function findAuditLog(filter: AuditFilter, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest(withQuery(AUDIT_LOG_PATH, { ...filter, cursor }), { schema: AuditLogPageSchema, signal });
}

export function auditLogQueryOptions(filter: AuditFilter, cursor: string | undefined) {
  return queryOptions({
    queryKey: auditLogKeys.page(filter, cursor),
    queryFn: ({ signal }) => findAuditLog(filter, cursor, signal),
    // the page being left stays on screen until the next one arrives: no flash, no layout shift
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filter: AuditFilter, cursor: string | undefined) {
  return useQuery(auditLogQueryOptions(filter, cursor));
}

/** The CSV export of the filtered log, in the reader's language (a plain GET: the session cookie goes with it). */
export function auditLogExportPath(filter: AuditFilter, lang: Locale): string {
  return withQuery(AUDIT_LOG_EXPORT_PATH, { ...filter, lang });
}
