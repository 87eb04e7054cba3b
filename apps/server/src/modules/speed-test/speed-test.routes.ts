import { randomBytes, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import {
  AppError,
  SPEED_TEST_DOWNLOAD_PATH,
  SPEED_TEST_MAX_BYTES,
  SPEED_TEST_PING_PATH,
  SPEED_TEST_REQUESTS_PER_WINDOW,
  SPEED_TEST_RESULTS_PATH,
  SPEED_TEST_UPLOAD_PATH,
  SPEED_TEST_WINDOW_MS,
  SPEED_TESTS_PER_HOUR,
  SpeedTestDownloadQuerySchema,
  SpeedTestHistoryQuerySchema,
  SpeedTestHistorySchema,
  SpeedTestPingSchema,
  SpeedTestResultRequestSchema,
  SpeedTestResultSchema,
  SpeedTestUploadSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { rateLimitOptions } from '../../plugins/rate-limit';

/** Random bytes, made once: every download is a run of them from a random place (incompressible, never zeros). */
const NOISE = randomBytes(1024 * 1024);

function* noise(bytes: number): Generator<Buffer> {
  let left = bytes;
  let at = randomInt(NOISE.length);
  while (left > 0) {
    const chunk = NOISE.subarray(at, at + Math.min(left, 64 * 1024));
    left -= chunk.length;
    at = (at + chunk.length) % NOISE.length;
    yield chunk;
  }
}

const NO_STORE = 'no-store';
const tags = ['speed-test'];
/** An upload's bytes are counted as they arrive and dropped; past the limit the request is refused (413). */
const UploadBodySchema = z.number().int().nullish().meta({ type: 'string', format: 'binary' });

/**
 * The speed test's endpoints (issue 21 item 7, wider-portal.md §9): the portal's own, never a third party's. A
 * download of `bytes` incompressible bytes, an upload counted and discarded, a ping; none cached or compressed; at most
 * SPEED_TEST_MAX_BYTES a request and SPEED_TEST_REQUESTS_PER_WINDOW requests per user in 10 minutes
 * (`SPEED_TEST_RATE_LIMIT_PER_WINDOW`). Then the figures, saved with their verdict (SPEED_TESTS_PER_HOUR a user), and
 * the user's history. Every signed-in member with the internet page (`account.view`).
 */
export const speedTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { speedTest } = app.portal.services;
  const perWindow = app.portal.config.speedTestRateLimitPerWindow;
  const keyGenerator = (request: FastifyRequest) => `user:${request.auth?.userId ?? request.ip}`;

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'speed-test',
        max: perWindow,
        windowMs: SPEED_TEST_WINDOW_MS,
        message: 'too many speed test requests',
        keyGenerator,
      }),
    );
    // bytes only (anything else, JSON included, is 415): counted as they arrive and dropped
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
      let bytes = 0;
      let refused = false;
      payload.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > SPEED_TEST_MAX_BYTES && !refused) {
          refused = true;
          done(new AppError('PAYLOAD_TOO_LARGE', 'an upload of at most SPEED_TEST_MAX_BYTES'), undefined);
          payload.resume();
        }
      });
      payload.on('end', () => {
        if (!refused) done(null, bytes);
      });
      payload.on('error', (error: NodeJS.ErrnoException) => {
        if (refused) return;
        // the page cancels the uploads still under way when a phase ends: a client gone, not a failure to log
        if (error.code === 'ECONNRESET' || error.message === 'aborted') done(null, bytes);
        else done(error, undefined);
      });
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      SPEED_TEST_DOWNLOAD_PATH,
      { schema: { tags, querystring: SpeedTestDownloadQuerySchema }, config: { access: 'account.view' } },
      async (request, reply) =>
        reply
          .type('application/octet-stream')
          .header('cache-control', NO_STORE)
          .header('content-length', request.query.bytes)
          .send(Readable.from(noise(request.query.bytes))),
    );
    typed.post(
      SPEED_TEST_UPLOAD_PATH,
      {
        schema: {
          tags,
          consumes: ['application/octet-stream'],
          body: UploadBodySchema,
          response: { 200: SpeedTestUploadSchema },
        },
        bodyLimit: SPEED_TEST_MAX_BYTES,
        config: { access: 'account.view' },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send({ bytes: request.body ?? 0 }),
    );
    typed.get(
      SPEED_TEST_PING_PATH,
      { schema: { tags, response: { 200: SpeedTestPingSchema } }, config: { access: 'account.view' } },
      async (_request, reply) => reply.header('cache-control', NO_STORE).send({ at: new Date().toISOString() }),
    );
  });

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'speed-test-results',
        // a test server's raised limit raises this one in proportion
        max: Math.max(
          SPEED_TESTS_PER_HOUR,
          Math.round((SPEED_TESTS_PER_HOUR * perWindow) / SPEED_TEST_REQUESTS_PER_WINDOW),
        ),
        windowMs: 60 * 60_000,
        message: 'too many speed tests',
        keyGenerator,
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      SPEED_TEST_RESULTS_PATH,
      {
        schema: { tags, body: SpeedTestResultRequestSchema, response: { 201: SpeedTestResultSchema } },
        config: { access: 'account.view' },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const saved = await speedTest.record({ ...auth, requestId: request.id }, request.body);
        return reply.code(201).send(saved);
      },
    );
  });

  app.get(
    SPEED_TEST_RESULTS_PATH,
    {
      schema: { tags, querystring: SpeedTestHistoryQuerySchema, response: { 200: SpeedTestHistorySchema } },
      config: { access: 'account.view' },
    },
    async (request) => speedTest.history(authOf(request).userId, request.query),
  );
};
