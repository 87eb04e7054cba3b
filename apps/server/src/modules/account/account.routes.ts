import {
  ACCOUNT_SERVICES_PATH,
  AccountInfoSchema,
  AccountServicesResponseSchema,
  ACCOUNTS_PATH,
  VALUE_ADDED_SERVICES_PATH,
  ValueAddedServicesResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccountService } from './account.service';

/** spec §7.1: account info, account services and value-added services of the signed-in user's account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = createAccountService({ db: app.portal.database.db, billing: app.portal.services.billing });
  const accountOf = (request: { auth: { accountId: string } | null }) => (request.auth as { accountId: string }).accountId;

  app.get(
    ACCOUNTS_PATH,
    { schema: { tags: ['account'], response: { 200: AccountInfoSchema } }, preHandler: app.requireCapability('account.view') },
    async (request) => accounts.getAccountInfo(accountOf(request)),
  );
  app.get(
    ACCOUNT_SERVICES_PATH,
    {
      schema: { tags: ['account'], response: { 200: AccountServicesResponseSchema } },
      preHandler: app.requireCapability('account.view'),
    },
    async (request) => accounts.getServices(accountOf(request)),
  );
  app.get(
    VALUE_ADDED_SERVICES_PATH,
    {
      schema: { tags: ['account'], response: { 200: ValueAddedServicesResponseSchema } },
      preHandler: app.requireCapability('account.view'),
    },
    async (request) => accounts.getValueAddedServices(accountOf(request)),
  );
};
