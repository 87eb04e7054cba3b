import { AppError, BILLING_SUMMARY_PATH, BillingSummaryResponseSchema } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accounts } from '../../db/schema';
import { authOf } from '../../plugins/auth';

/** Billing APIs: billing roles only (spec §6); enterprise accounts are billed elsewhere (product-decisions.md). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.portal.services;
  app.get(
    BILLING_SUMMARY_PATH,
    {
      schema: { tags: ['billing'], response: { 200: BillingSummaryResponseSchema } },
      config: { access: 'billing.view' },
    },
    async (request) => {
      const { accountId } = authOf(request);
      const [account] = await app.portal.database.db
        .select({ isEnterprise: accounts.isEnterprise })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (account?.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
      const summary = await billing.getSummary(accountId);
      return {
        amountDueCents: summary.amountDueCents,
        pastDueCents: summary.pastDueCents,
        pendingPaymentCents: summary.pendingPaymentCents,
        isDelinquent: summary.isDelinquent,
        daysPastDue: summary.daysPastDue,
        delinquencyCode: summary.delinquencyCode,
        latestStatement: summary.latestStatement,
      };
    },
  );
};
