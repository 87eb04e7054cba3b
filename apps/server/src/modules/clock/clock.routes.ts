import { AppError } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BillingClock, parseDuration } from '../../platform/clock';
import { DEV_CONTROL_ROUTE } from '../../plugins/dev-control';

const ClockResponseSchema = z.object({ now: z.iso.datetime(), offsetMs: z.number().int() });
const ClockChangeRequestSchema = z.strictObject({
  /** `3d`, `12h`, `-1d`, `1d12h`: moves the clock by that much. */
  advance: z
    .string()
    .refine((value) => parseDuration(value) !== null, 'not a duration')
    .optional(),
  reset: z.literal(true).optional(),
});

export const CLOCK_PATH = '/api/dev/clock';

/**
 * The billing clock's time-travel control (product-decisions.md): registered only outside production, for a session
 * or the local operator (plugins/dev-control.ts).
 */
export const clockRoutes: FastifyPluginAsyncZod<{ clock: BillingClock }> = async (app, { clock }) => {
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  app.get(
    CLOCK_PATH,
    { config: DEV_CONTROL_ROUTE, schema: { tags: ['dev'], response: { 200: ClockResponseSchema } } },
    async () => {
      await clock.refresh();
      return state();
    },
  );
  app.post(
    CLOCK_PATH,
    {
      config: DEV_CONTROL_ROUTE,
      schema: { tags: ['dev'], body: ClockChangeRequestSchema, response: { 200: ClockResponseSchema } },
    },
    async (request) => {
      const { advance, reset } = request.body;
      if ((advance === undefined) === (reset === undefined)) {
        throw new AppError('VALIDATION_FAILED', 'Give exactly one of advance or reset', {
          fields: [{ path: 'body', code: 'custom' }],
        });
      }
      await clock.refresh();
      if (reset) await clock.reset();
      else await clock.advance(parseDuration(advance as string) as number);
      request.log.info({ offsetMs: clock.offsetMs() }, 'billing clock moved');
      // run the due work at once, so a demo that moves time sees the statements, payments and postings it brings
      await app.portal.services.background.run();
      return state();
    },
  );
};
