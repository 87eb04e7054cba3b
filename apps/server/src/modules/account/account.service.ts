import { type AccountInfo, AppError, type ValueAddedServicesResponse } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountServices, accounts, addresses } from '../../db/schema';
import type { BillingService } from '../billing/billing.service';
import type { AccountRepository } from './account.repository';

/** Where each value-added service lives in the portal (internal paths) or outside it. */
const VAS_REDIRECTS: Record<string, { rateCode: string; sbpp: string }> = {
  INTERNET: { rateCode: 'BI100', sbpp: '/services/internet' },
  TV: { rateCode: 'BTV20', sbpp: '/tv' },
  PHONE: { rateCode: 'BV010', sbpp: '/services/voice' },
  PHONE_META: { rateCode: 'BV020', sbpp: '/services/voice' },
  DESKTOP_SECURITY: { rateCode: 'DS001', sbpp: '/desktop-security' },
};

export function createAccountService({
  db,
  billing,
  repo,
}: {
  db: Db;
  billing: BillingService;
  repo: AccountRepository;
}) {
  return {
    /** The account locked for the rest of the transaction `tx` (account.repository.ts says which lock and why). */
    lock: repo.lock,
    get: repo.get,
    findByNumber: repo.findByNumber,
    findById: repo.findById,
    setStatus: repo.setStatus,

    /** spec §3 account info: delinquency and pending payments come from the billing engine. */
    async getAccountInfo(accountId: string): Promise<AccountInfo> {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw new AppError('NOT_FOUND', 'account');
      const rows = await db.select().from(addresses).where(eq(addresses.accountId, accountId));
      const address = (kind: 'service' | 'bill_to') => {
        const row = rows.find((r) => r.kind === kind);
        if (!row) throw new AppError('INTERNAL', `account ${accountId} has no ${kind} address`);
        return { addressLine1: row.addressLine1, city: row.city, state: row.state, zip: row.zip };
      };
      // enterprise billing lives elsewhere (product-decisions.md): no balance here
      const summary = account.isEnterprise ? null : await billing.getSummary(accountId);
      return {
        companyName: account.companyName,
        accountId: account.accountNumber,
        isDelinquent: summary?.isDelinquent ?? false,
        pastDueAmountCents: summary?.pastDueCents ?? 0,
        pendingPaymentAmountCents: summary?.pendingPaymentCents ?? 0,
        serviceAddress: address('service'),
        billToAddress: address('bill_to'),
        softDisconnectDate: summary?.softDisconnectDate ?? null,
      };
    },

    async getServices(accountId: string) {
      const rows = await db
        .select({ key: accountServices.serviceKey, status: accountServices.status })
        .from(accountServices)
        .where(eq(accountServices.accountId, accountId));
      return { services: rows };
    },

    /** spec §3 value-added services; the client keeps only the ids it knows. */
    async getValueAddedServices(accountId: string): Promise<ValueAddedServicesResponse> {
      const rows = await db
        .select({ id: accountServices.valueAddedServiceId })
        .from(accountServices)
        .where(and(eq(accountServices.accountId, accountId)));
      const services = rows
        .map((row) => row.id)
        .filter((id): id is string => id !== null)
        .map((serviceId) => {
          const redirect = VAS_REDIRECTS[serviceId] ?? { rateCode: 'NA', sbpp: `/services` };
          return { serviceId, rateCode: redirect.rateCode, redirectUri: { sbpp: redirect.sbpp } };
        });
      return { displayServicesBanner: services.length > 0, serviceActivationUri: '/services', services };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
