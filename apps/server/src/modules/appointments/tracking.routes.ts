import rateLimit from '@fastify/rate-limit';
import {
  AvailabilitySchema,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_CALENDAR_PATH,
  TRACKING_CANCEL_PATH,
  TRACKING_CONFIRM_PATH,
  TRACKING_PATH,
  TRACKING_READS_PER_WINDOW,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_VERIFY_PATH,
  TRACKING_WINDOW_MINUTES,
  TrackedVisitSchema,
  TrackingCalendarRequestSchema,
  TrackingCalendarSchema,
  TrackingCancelRequestSchema,
  TrackingChangeRequestSchema,
  TrackingRequestSchema,
  TrackingRescheduleRequestSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimitOptions } from '../../plugins/rate-limit';

/**
 * Tracking without sign-in (issue 20 item 3, wider-portal.md §7): public routes in Quick Pay's pattern, each a POST
 * with the visitor's anti-forgery pair and the link's token in the body (never in a URL), counted per client address
 * (Redis when REDIS_URL is set; TRACKING_CHANGE_RATE_LIMIT_PER_WINDOW raises the second for test servers): reading the visit and its calendar file, and, apart and fewer, the ZIP checks and
 * the changes (the ZIP is the second thing a changer must know: its guesses are what the smaller count slows).
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tracking } = app.portal.services;
  const windowMs = TRACKING_WINDOW_MINUTES * 60_000;
  const open = { access: 'public' } as const;
  const tags = ['appointment tracking'];

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'tracking-reads',
        max: TRACKING_READS_PER_WINDOW,
        windowMs,
        message: 'too many tracking lookups',
      }),
    );
    const route = scope.withTypeProvider<ZodTypeProvider>();
    route.post(
      TRACKING_PATH,
      { schema: { tags, body: TrackingRequestSchema, response: { 200: TrackedVisitSchema } }, config: open },
      async (request) => tracking.open(request.body.token),
    );
    route.post(
      TRACKING_CALENDAR_PATH,
      {
        schema: { tags, body: TrackingCalendarRequestSchema, response: { 200: TrackingCalendarSchema } },
        config: open,
      },
      async (request) => {
        const { name, file } = await tracking.calendar(request.body.token, request.body.lang);
        return { filename: name, ics: file };
      },
    );
  });

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'tracking-changes',
        max: app.portal.config.trackingChangeRateLimitPerWindow,
        windowMs,
        message: 'too many tracking changes',
      }),
    );
    const route = scope.withTypeProvider<ZodTypeProvider>();
    route.post(
      TRACKING_VERIFY_PATH,
      { schema: { tags, body: TrackingChangeRequestSchema }, config: open },
      async (request, reply) => {
        await tracking.verify(request.body.token, request.body.zip);
        return reply.status(204).send();
      },
    );
    route.post(
      TRACKING_AVAILABILITY_PATH,
      { schema: { tags, body: TrackingChangeRequestSchema, response: { 200: AvailabilitySchema } }, config: open },
      async (request) => tracking.availability(request.body),
    );
    route.post(
      TRACKING_CONFIRM_PATH,
      { schema: { tags, body: TrackingChangeRequestSchema, response: { 200: TrackedVisitSchema } }, config: open },
      async (request) => tracking.confirm(request.body, request.id),
    );
    route.post(
      TRACKING_RESCHEDULE_PATH,
      { schema: { tags, body: TrackingRescheduleRequestSchema, response: { 200: TrackedVisitSchema } }, config: open },
      async (request) => tracking.reschedule(request.body, request.id),
    );
    route.post(
      TRACKING_CANCEL_PATH,
      { schema: { tags, body: TrackingCancelRequestSchema, response: { 200: TrackedVisitSchema } }, config: open },
      async (request) => tracking.cancel(request.body, request.id),
    );
  });
};
