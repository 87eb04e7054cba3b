import {
  OnlineBankingRequestSchema,
  PCI_ONLINE_BANKING_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
  QuickPayTokenizeRequestSchema,
  TokenizeRequestSchema,
  VAULT_ATTEMPTS_PER_WINDOW,
  VAULT_ATTEMPTS_WINDOW_MINUTES,
  VaultTokenSchema,
  VerifySecurityCodeRequestSchema,
  VerifySecurityCodeResponseSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { rateLimitOptions } from '../../plugins/rate-limit';

/** Vault operations an account, and a client address, may make in 10 minutes (constants.ts; config can raise it). */
export const VAULT_CHECKS_PER_WINDOW = VAULT_ATTEMPTS_PER_WINDOW;

/** The only routes that accept card data (architecture.md, card data; the card-data guard lets these four through). */
export const PCI_EDGE_PATHS: readonly string[] = [
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
  PCI_ONLINE_BANKING_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
];

/**
 * `pci-edge` (spec §7.1 card capture): tokenizes cards and bank accounts, checks a saved card's security code, and
 * signs in at the online bank. Transport only: the rules are the vault's and the processor's.
 */
export const pciEdgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pciEdge } = app.portal.services;
  const { cardTesting } = app.portal;
  const access = { access: 'billing.pay' } as const;

  // Card testing (trying stolen numbers against the vault's checks) is slowed down (ADR 009, issue 14 item 11): at most
  // VAULT_ATTEMPTS_PER_WINDOW tokenizations, code checks and bank sign-ins in 10 minutes per account (whoever of the
  // business signs in, in however many sessions) and per client address (whichever account), then 429; in Redis when
  // REDIS_URL is set, as the sign-in limit. Consecutive declines slow, then pause, the account (card-testing.ts).
  const rateLimit = (await import('@fastify/rate-limit')).default;
  const limitBy = (what: 'account' | 'address', keyGenerator: (request: FastifyRequest) => string) =>
    rateLimitOptions(app, {
      name: `vault-${what}`,
      max: app.portal.config.vaultRateLimitPerWindow,
      windowMs: VAULT_ATTEMPTS_WINDOW_MINUTES * 60_000,
      message: `too many card checks for the ${what}`,
      keyGenerator,
    });
  await app.register(
    rateLimit,
    limitBy('account', (request) => request.auth?.accountId ?? request.ip),
  );
  await app.register(
    rateLimit,
    limitBy('address', (request) => request.ip),
  );

  app.post(
    PCI_TOKENIZE_PATH,
    {
      schema: { tags: ['pci-edge'], body: TokenizeRequestSchema, response: { 201: VaultTokenSchema } },
      config: access,
    },
    async (request, reply) => {
      const { accountId } = authOf(request);
      const token = await cardTesting.attempt(accountId, () => pciEdge.tokenize(accountId, request.body));
      return reply.status(201).send(token);
    },
  );

  // Quick Pay (issue 17 item 6, wider-portal.md §1): a guest without a session tokenizes a new card or bank account
  // for the account its Quick Pay token is bound to (the lookup proved the account number and service ZIP). Public,
  // with the visitor's anti-forgery pair; the same vault, the same limits per address, and the same card-testing
  // slow-down per account as the signed-in door. The portal's other routes never see the number.
  app.post(
    PCI_QUICK_PAY_TOKENIZE_PATH,
    {
      schema: {
        tags: ['pci-edge', 'quick pay'],
        body: QuickPayTokenizeRequestSchema,
        response: { 201: VaultTokenSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { quickPayToken, ...method } = request.body;
      const accountId = await pciEdge.guestAccountOf(quickPayToken);
      const token = await cardTesting.attempt(accountId, () => pciEdge.tokenize(accountId, method));
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
      const { accountId } = authOf(request);
      const { paymentMethodId, securityCode } = request.body;
      const vaultToken = await pciEdge.cardToVerify(accountId, paymentMethodId, securityCode);
      // card testing (issue 14 item 11): a refused code is a decline of the account's attempts
      await cardTesting.attempt(accountId, () => pciEdge.verifySecurityCode(vaultToken, securityCode));
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
      // a bank sign-in the bank refuses is a decline of the account's attempts (issue 14 item 11)
      const bankAccount = await cardTesting.attempt(accountId, () => pciEdge.signInAtBank(request.body));
      return reply.status(201).send(await pciEdge.tokenizeBankAccount(accountId, bankAccount));
    },
  );
};
