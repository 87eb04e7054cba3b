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
  PAYMENT_HISTORY_PATH,
  PageQuerySchema,
  PaymentHistoryPageSchema,
  STATEMENT_PATH,
  STATEMENTS_PATH,
  StatementDetailSchema,
  StatementsPageSchema,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { statementsVisibleOn } from './billing.service';
import { createBillingHistory } from './billing-history';
import { getStatementDetail } from './statement-detail';

const StatementParamsSchema = z.object({ statementId: z.uuid() });

/**
 * Billing read APIs (issue 4). Every route needs `billing.view` (spec §6); enterprise accounts are billed on the
 * enterprise site and get BILLING_SUPPRESSED (product-decisions.md); another business's ids are 404.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.portal.services;
  const { db } = app.portal.database;
  const visibleOn = async (accountId: string) => {
    const [account] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
    return statementsVisibleOn(app.portal.clock.today(account?.timeZone ?? 'UTC'));
  };
  const history = createBillingHistory(db, visibleOn);
  const access = { access: 'billing.view' } as const;

  /** The signed-in account, refused when its billing lives on the enterprise site. */
  const billingAccount = async (request: FastifyRequest) => {
    const { accountId } = authOf(request);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw new AppError('NOT_FOUND', 'account');
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    return account;
  };

  app.get(
    BILLING_SUMMARY_PATH,
    { schema: { tags: ['billing'], response: { 200: BillingSummaryResponseSchema } }, config: access },
    async (request) => {
      const account = await billingAccount(request);
      const [summary, autoPay] = await Promise.all([billing.getSummary(account.id), billing.getAutoPay(account.id)]);
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
      };
    },
  );

  // spec §7.1: the soft-disconnect date, from the suspension warning on
  app.get(
    DELINQUENCY_SCHEDULE_PATH,
    { schema: { tags: ['billing'], response: { 200: DelinquencyScheduleResponseSchema } }, config: access },
    async (request) => {
      const account = await billingAccount(request);
      return { softDisconnectDate: (await billing.getSummary(account.id)).softDisconnectDate };
    },
  );

  app.get(
    STATEMENTS_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: StatementsPageSchema } },
      config: access,
    },
    async (request) => history.statements((await billingAccount(request)).id, request.query),
  );

  app.get(
    STATEMENT_PATH,
    {
      schema: { tags: ['billing'], params: StatementParamsSchema, response: { 200: StatementDetailSchema } },
      config: access,
    },
    async (request) => {
      const account = await billingAccount(request);
      return getStatementDetail(db, account.id, request.params.statementId, await visibleOn(account.id));
    },
  );

  app.get(
    ACTIVITY_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: ActivityPageSchema } },
      config: access,
    },
    async (request) => history.activity((await billingAccount(request)).id, request.query),
  );

  app.get(
    PAYMENT_HISTORY_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: PaymentHistoryPageSchema } },
      config: access,
    },
    async (request) => history.payments((await billingAccount(request)).id, request.query),
  );

  app.get(
    CHARGES_PATH,
    {
      schema: { tags: ['billing'], querystring: PageQuerySchema, response: { 200: ChargesPageSchema } },
      config: access,
    },
    async (request) => history.charges((await billingAccount(request)).id, request.query),
  );
};
