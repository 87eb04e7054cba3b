import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../db/client';

const READY_TIMEOUT_MS = 2_000;

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']).optional(),
});

/** `/healthz`: the process answers. `/readyz`: it can serve traffic (database reachable, not shutting down). */
export const healthPlugin = fp(
  async (app: FastifyInstance, { database }: { database: Database }) => {
    app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const unavailable = () =>
          reply.status(503).send({ status: 'unavailable' as const, database: 'unavailable' as const });
        if (!database.available()) return unavailable();
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            database.ping(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
            }),
          ]);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch {
          return unavailable();
        } finally {
          clearTimeout(timer);
        }
      },
    );
  },
  { name: 'health' },
);
