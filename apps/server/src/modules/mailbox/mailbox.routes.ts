import {
  MAILBOX_EMAILS_PATH,
  MAILBOX_TEXTS_PATH,
  MailboxEmailsPageSchema,
  MailboxQuerySchema,
  MailboxTextsPageSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_VIEWER_ROUTE } from '../../plugins/dev-control';

/**
 * The HTML part of an e-mail shown as a page of its own: its inline styles apply, nothing else loads or runs (no
 * script, no fetch, no form), and the directives every answer carries stay (security-headers.ts).
 */
const EMAIL_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The non-production mailbox (wider-portal.md §2, issue 17 item 1): registered by app.ts outside production only. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailbox } = app.portal.services;
  app.get(
    MAILBOX_EMAILS_PATH,
    {
      config: DEV_VIEWER_ROUTE,
      schema: { tags: ['dev'], querystring: MailboxQuerySchema, response: { 200: MailboxEmailsPageSchema } },
    },
    async (request) => mailbox.emails(request.query),
  );
  app.get(
    `${MAILBOX_EMAILS_PATH}/:emailId/html`,
    {
      config: DEV_VIEWER_ROUTE,
      schema: { tags: ['dev'], params: z.strictObject({ emailId: z.uuid() }) },
    },
    async (request, reply) => {
      const html = await mailbox.emailHtml(request.params.emailId);
      return reply.type('text/html; charset=utf-8').header('content-security-policy', EMAIL_HTML_CSP).send(html);
    },
  );
  app.get(
    MAILBOX_TEXTS_PATH,
    {
      config: DEV_VIEWER_ROUTE,
      schema: { tags: ['dev'], querystring: MailboxQuerySchema, response: { 200: MailboxTextsPageSchema } },
    },
    async (request) => mailbox.texts(request.query),
  );
};
