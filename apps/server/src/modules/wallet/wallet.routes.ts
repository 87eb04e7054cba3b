import {
  EditCardRequestSchema,
  PAYMENT_METHOD_PATH,
  PAYMENT_METHODS_PATH,
  SaveMethodRequestSchema,
  WalletMethodSchema,
  WalletSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';
import type { WalletActor } from './wallet.service';

const MethodParamsSchema = z.object({ paymentMethodId: z.uuid() });
/** DELETE answers the id of the removed method (200), so a replay of the key has a body to answer again. */
export const DeletedMethodSchema = z.object({ id: z.uuid() });

/**
 * The wallet (issue 6): list, save a vault token, edit a card, delete a method. Every route needs `billing.pay`
 * (STANDARD users get 403, spec §6); changes carry an Idempotency-Key (architecture.md). Adding or removing a bank
 * account needs a recent sign-in (wider-portal.md §3): the service asks, since only it knows what a token holds.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet, identity } = app.portal.services;
  const pay = { access: 'billing.pay' } as const;
  const actor = (request: FastifyRequest): WalletActor => {
    const auth = authOf(request);
    return {
      userId: auth.userId,
      accountId: auth.accountId,
      requestId: request.id,
      requireRecentSignIn: () => identity.requireRecentSignIn(auth),
    };
  };

  app.get(
    PAYMENT_METHODS_PATH,
    { schema: { tags: ['wallet'], response: { 200: WalletSchema } }, config: pay },
    async (request) => wallet.getWallet(actor(request)),
  );

  app.post(
    PAYMENT_METHODS_PATH,
    {
      schema: {
        tags: ['wallet'],
        body: SaveMethodRequestSchema,
        response: { 200: WalletMethodSchema, 201: WalletMethodSchema },
      },
      config: pay,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) => wallet.saveMethod(actor(request), request.body.token, key)),
  );

  app.patch(
    PAYMENT_METHOD_PATH,
    {
      schema: {
        tags: ['wallet'],
        params: MethodParamsSchema,
        body: EditCardRequestSchema,
        response: { 200: WalletMethodSchema },
      },
      config: pay,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        wallet.editCard(actor(request), request.params.paymentMethodId, request.body, key),
      ),
  );

  app.delete(
    PAYMENT_METHOD_PATH,
    {
      schema: { tags: ['wallet'], params: MethodParamsSchema, response: { 200: DeletedMethodSchema } },
      config: pay,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        wallet.deleteMethod(actor(request), request.params.paymentMethodId, key),
      ),
  );
};
