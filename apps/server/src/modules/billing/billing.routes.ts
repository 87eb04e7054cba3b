import {
  ACTIVITY_PATH,
  ActivityPageSchema,
  AppError,
  BILLING_SUMMARY_PATH,
  BillingSummaryResponseSchema,
  CHARGES_PATH,
  ChargesPageSchema,
  DELINQUENCY_SCHEDULE_PATH,
  DelinquencyScheduleResponseSchema,
  DocumentQuerySchema,
  EXPORT_SUFFIX,
  ExportQuerySchema,
  type Locale,
  PAYMENT_HISTORY_PATH,
  PageQuerySchema,
  PaymentHistoryPageSchema,
  STATEMENT_CSV_PATH,
  STATEMENT_PATH,
  STATEMENT_PDF_PATH,
  STATEMENTS_PATH,
  StatementDetailSchema,
  StatementsPageSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts, autopayEnrollments, mobileLines, paymentMethods, payments, statements } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { type HistoryKind, type HistoryRows, renderHistoryCsv, renderStatementCsv } from '../statements/statement-csv';
import { renderStatementPdf } from '../statements/statement-pdf';
import { statementsVisibleOn } from './billing.service';
import { type HistoryQuery } from './billing-history';
import { getStatementDetail } from './statement-detail';

const StatementParamsSchema = z.object({ statementId: z.uuid() });
/** An export holds at most this many rows (100 pages of 100): bounded work per request. */
const EXPORT_MAX_PAGES = 100;

/** What the billing summary reads (the account's row comes with the session). */
const SUMMARY_TABLES = [accounts, statements, payments, autopayEnrollments, paymentMethods, mobileLines];

/**
 * Billing read APIs (issue 4). Every route needs `billing.view` (spec §6); enterprise accounts are billed on the
 * enterprise site and get BILLING_SUPPRESSED (product-decisions.md); another business's ids are 404.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.portal.services;
  const { db, cache } = app.portal.database;
  const { history } = billing;
  /** The last statement date the account may see today, in its own time zone. */
  const visibleOn = (account: { timeZone: string }) => statementsVisibleOn(app.portal.clock.today(account.timeZone));
  const access = { access: 'billing.view' } as const;

  /** The signed-in account, refused when its billing lives on the enterprise site. */
  const billingAccount = async (request: FastifyRequest) => {
    const { account } = authOf(request);
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    return account;
  };

  app.get(
    BILLING_SUMMARY_PATH,
    { schema: { tags: ['billing'], response: { 200: BillingSummaryResponseSchema } }, config: access },
    async (request) => {
      const account = await billingAccount(request);
      const today = app.portal.clock.today(account.timeZone);
      // ADR 014: from memory while the account, its statements, payments, Auto Pay and lines are unchanged
      return cache.get(`billing-summary:${account.id}:${today}`, SUMMARY_TABLES, async () => {
        const [summary, autoPay, hasMobile, scheduledPayments] = await Promise.all([
          billing.getSummary(account),
          billing.getAutoPay(account.id),
          billing.hasMobile(account.id),
          billing.getScheduled(account.id),
        ]);
        return {
          amountDueCents: summary.amountDueCents,
          pastDueCents: summary.pastDueCents,
          pendingPaymentCents: summary.pendingPaymentCents,
          isDelinquent: summary.isDelinquent,
          daysPastDue: summary.daysPastDue,
          delinquencyCode: summary.delinquencyCode,
          delinquencyState: summary.delinquencyState,
          latestStatement: summary.latestStatement,
          autoPay,
          paperless: account.paperless,
          hasMobile,
          scheduledPayments,
        };
      });
    },
  );

  // spec §7.1: the soft-disconnect date, from the suspension warning on
  app.get(
    DELINQUENCY_SCHEDULE_PATH,
    { schema: { tags: ['billing'], response: { 200: DelinquencyScheduleResponseSchema } }, config: access },
    async (request) => {
      const account = await billingAccount(request);
      return { softDisconnectDate: (await billing.getSummary(account)).softDisconnectDate };
    },
  );

  app.get(
    STATEMENTS_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: StatementsPageSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      const query = { ...request.query, visibleOn: visibleOn(account) };
      return cache.get(`statements:${account.id}:${JSON.stringify(query)}`, [statements], () =>
        history.statements(account.id, query),
      );
    },
  );

  app.get(
    STATEMENT_PATH,
    {
      schema: { tags: ['billing'], params: StatementParamsSchema, response: { 200: StatementDetailSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      return getStatementDetail(db, account.id, request.params.statementId, visibleOn(account));
    },
  );

  app.get(
    ACTIVITY_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: ActivityPageSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      return history.activity(account.id, { ...request.query, visibleOn: visibleOn(account) });
    },
  );

  app.get(
    PAYMENT_HISTORY_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: PaymentHistoryPageSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      const query = { ...request.query, visibleOn: visibleOn(account) };
      return cache.get(`payment-history:${account.id}:${JSON.stringify(query)}`, [payments], () =>
        history.payments(account.id, query),
      );
    },
  );

  app.get(
    CHARGES_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: ChargesPageSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      return history.charges(account.id, { ...request.query, visibleOn: visibleOn(account) });
    },
  );

  /** The document language: the one asked for, else the user's, else English. */
  const languageOf = async (request: FastifyRequest, asked: Locale | undefined): Promise<Locale> => {
    if (asked) return asked;
    const profile = await app.portal.services.identity.profile(authOf(request));
    return profile.language ?? 'en';
  };

  // Statement PDF (pdfkit) and CSV, in the user's language (issue 4, spec §8: "Statement unable to download")
  app.get(
    STATEMENT_PDF_PATH,
    { schema: { tags: ['billing'], params: StatementParamsSchema, querystring: DocumentQuerySchema }, config: access },
    async (request, reply) => {
      const account = await billingAccount(request);
      const detail = await getStatementDetail(db, account.id, request.params.statementId, visibleOn(account));
      const pdf = await renderStatementPdf(detail, await languageOf(request, request.query.lang));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${detail.statementDate}.pdf"`)
        .send(pdf);
    },
  );
  app.get(
    STATEMENT_CSV_PATH,
    { schema: { tags: ['billing'], params: StatementParamsSchema, querystring: DocumentQuerySchema }, config: access },
    async (request, reply) => {
      const account = await billingAccount(request);
      const detail = await getStatementDetail(db, account.id, request.params.statementId, visibleOn(account));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${detail.statementDate}.csv"`)
        .send(renderStatementCsv(detail, await languageOf(request, request.query.lang)));
    },
  );

  // CSV exports of the history lists, with the list's filters
  const registerExport = <K extends HistoryKind>(
    path: string,
    kind: K,
    list: (accountId: string, query: HistoryQuery) => Promise<{ items: HistoryRows[K][]; nextCursor: string | null }>,
  ) => {
    app.get(
      `${path}${EXPORT_SUFFIX}`,
      { schema: { tags: ['billing'], querystring: ExportQuerySchema }, config: access },
      async (request, reply) => {
        const account = await billingAccount(request);
        const { from, to } = request.query;
        const rows: HistoryRows[K][] = [];
        let cursor: string | undefined;
        for (let pageNo = 0; pageNo < EXPORT_MAX_PAGES; pageNo++) {
          const page = await list(account.id, { from, to, cursor, limit: 100, visibleOn: visibleOn(account) });
          rows.push(...page.items);
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${kind}${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv"`,
          )
          .send(renderHistoryCsv(kind, rows, await languageOf(request, request.query.lang)));
      },
    );
  };
  registerExport(ACTIVITY_PATH, 'activity', history.activity);
  registerExport(PAYMENT_HISTORY_PATH, 'payments', history.payments);
  registerExport(CHARGES_PATH, 'charges', history.charges);
};
