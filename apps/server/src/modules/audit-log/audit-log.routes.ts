import {
  AUDIT_LOG_EXPORT_PATH,
  AUDIT_LOG_PATH,
  AuditLogExportQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  localeOf,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/**
 * The audit log (issue 18 item 6, wider-portal.md §4): PRIMARY and ADMIN (`audit.view`) read their own account's
 * entries, a page at a time or as a CSV file.
 */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auditLog, identity } = app.portal.services;
  const view = { access: 'audit.view' } as const;
  app.get(
    AUDIT_LOG_PATH,
    {
      schema: { tags: ['audit log'], querystring: AuditLogQuerySchema, response: { 200: AuditLogPageSchema } },
      config: view,
    },
    async (request) => auditLog.list({ accountId: authOf(request).accountId }, request.query),
  );
  app.get(
    AUDIT_LOG_EXPORT_PATH,
    {
      schema: { tags: ['audit log'], querystring: AuditLogExportQuerySchema },
      config: view,
    },
    async (request, reply) => {
      const auth = authOf(request);
      // the file's language: the one asked for, else the user's, else English
      const locale = request.query.lang ?? localeOf((await identity.profile(auth)).language);
      const file = await auditLog.exportCsv({ accountId: auth.accountId }, request.query, locale);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(file);
    },
  );
};
