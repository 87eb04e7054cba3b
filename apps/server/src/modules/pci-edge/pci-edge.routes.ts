import {
  AppError,
  OnlineBankingRequestSchema,
  PCI_ONLINE_BANKING_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
  TokenizeRequestSchema,
  VaultTokenSchema,
  VerifySecurityCodeRequestSchema,
  VerifySecurityCodeResponseSchema,
  validateSecurityCode,
} from '@vireo/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accounts, paymentMethods } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { ProcessorUnavailableError } from '../processor/processor.types';

/** Vault operations a session may make in 10 minutes: a person adds a few cards; a card-testing script many. */
export const VAULT_CHECKS_PER_WINDOW = 30;

/** The only routes that accept card data (architecture.md, card data; the card-data guard lets these three through). */
export const PCI_EDGE_PATHS: readonly string[] = [PCI_TOKENIZE_PATH, PCI_VERIFY_PATH, PCI_ONLINE_BANKING_PATH];

/**
 * `pci-edge` (spec §7.1 card capture): tokenizes cards and bank accounts, checks a saved card's security code, and
 * signs in at the online bank. Transport only: the rules are the vault's and the processor's.
 */
export const pciEdgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vault, processor } = app.portal.services;
  const { db } = app.portal.database;
  const access = { access: 'billing.pay' } as const;

  // Card testing (trying stolen numbers against the vault's checks) is slowed down: at most
  // VAULT_CHECKS_PER_WINDOW tokenizations, code checks and bank sign-ins per session in 10 minutes (ADR 009), then 429.
  await app.register((await import('@fastify/rate-limit')).default, {
    max: VAULT_CHECKS_PER_WINDOW,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => request.auth?.session.id ?? request.ip,
    ...(app.portal.redis ? { redis: app.portal.redis, nameSpace: 'vireo-vault-' } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'too many card checks'),
  });

  app.post(
    PCI_TOKENIZE_PATH,
    {
      schema: { tags: ['pci-edge'], body: TokenizeRequestSchema, response: { 201: VaultTokenSchema } },
      config: access,
    },
    async (request, reply) => {
      const token = await vault.tokenize(authOf(request).accountId, request.body);
      return reply.status(201).send(token);
    },
  );

  app.post(
    PCI_VERIFY_PATH,
    {
      schema: {
        tags: ['pci-edge'],
        body: VerifySecurityCodeRequestSchema,
        response: { 200: VerifySecurityCodeResponseSchema },
      },
      config: access,
    },
    async (request) => {
      const { paymentMethodId, securityCode } = request.body;
      const [method] = await db
        .select({ type: paymentMethods.type, vaultToken: paymentMethods.vaultToken, brand: paymentMethods.cardBrand })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.id, paymentMethodId),
            eq(paymentMethods.accountId, authOf(request).accountId),
            isNull(paymentMethods.deletedAt),
          ),
        );
      // another account's method, a deleted one and a bank account are all "no such card"
      if (method?.type !== 'card' || !method.brand) throw new AppError('NOT_FOUND', 'No such card');
      const format = validateSecurityCode(securityCode, method.brand);
      if (!format.ok) {
        throw new AppError('VALIDATION_FAILED', 'Security code format', {
          fields: [{ path: 'body.securityCode', code: format.message }],
        });
      }
      let verified: boolean;
      try {
        verified = await processor.verifySecurityCode(method.vaultToken, securityCode);
      } catch (error) {
        if (error instanceof ProcessorUnavailableError) {
          throw new AppError('CARD_NOT_VERIFIED', `security-code check: processor ${error.kind}`, { cause: error });
        }
        throw error;
      }
      if (!verified) throw new AppError('SECURITY_CODE_MISMATCH', 'The security code check failed');
      return { verified: true as const };
    },
  );

  app.post(
    PCI_ONLINE_BANKING_PATH,
    {
      schema: { tags: ['pci-edge'], body: OnlineBankingRequestSchema, response: { 201: VaultTokenSchema } },
      config: access,
    },
    async (request, reply) => {
      const { accountId } = authOf(request);
      const bankAccount = await processor.onlineBankingLogin(request.body);
      // the account holder is the business that signed in to its bank
      const [account] = await db
        .select({ companyName: accounts.companyName })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      const token = await vault.tokenize(accountId, {
        type: 'bank',
        nameOnAccount: account?.companyName ?? 'Account holder',
        ...bankAccount,
      });
      return reply.status(201).send(token);
    },
  );
};
