import {
  ACCOUNT_SERVICES_PATH,
  ACCOUNTS_PATH,
  AccountInfoSchema,
  AccountServicesResponseSchema,
  CPNI_COMPLIANCE_PATH,
  CpniComplianceSchema,
  isCpniCompliant,
  VALUE_ADDED_SERVICES_PATH,
  ValueAddedServicesResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/** spec §7.1: account info, account services and value-added services of the signed-in user's account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.portal.services.account;

  app.get(
    ACCOUNTS_PATH,
    { schema: { tags: ['account'], response: { 200: AccountInfoSchema } }, config: { access: 'account.view' } },
    async (request) => accounts.getAccountInfo(authOf(request).accountId),
  );
  app.get(
    ACCOUNT_SERVICES_PATH,
    {
      schema: { tags: ['account'], response: { 200: AccountServicesResponseSchema } },
      config: { access: 'account.view' },
    },
    async (request) => accounts.getServices(authOf(request).accountId),
  );
  app.get(
    VALUE_ADDED_SERVICES_PATH,
    {
      schema: { tags: ['account'], response: { 200: ValueAddedServicesResponseSchema } },
      config: { access: 'account.view' },
    },
    async (request) => accounts.getValueAddedServices(authOf(request).accountId),
  );
  // spec §7.1 / §2.1: whether the signed-in user may see the account's CPNI (ADR 008).
  app.get(
    CPNI_COMPLIANCE_PATH,
    { schema: { tags: ['account'], response: { 200: CpniComplianceSchema } }, config: { access: 'session' } },
    async (request) => ({ compliant: isCpniCompliant(authOf(request).capabilities) }),
  );
};
