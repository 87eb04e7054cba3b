import rateLimit from '@fastify/rate-limit';
import {
  ANALYTICS_CHOICE_COOKIE,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_MESSAGE_BYTES,
  ANALYTICS_MY_EVENTS_EXPORT_PATH,
  ANALYTICS_MY_EVENTS_PATH,
  ANALYTICS_PRIVACY_PATH,
  AnalyticsAcceptedSchema,
  AnalyticsBatchSchema,
  DEV_ANALYTICS_EVENTS_PATH,
  DEV_ANALYTICS_LOG_LINES_PATH,
  DevAnalyticsPageSchema,
  DevAnalyticsQuerySchema,
  DevLogLinesQuerySchema,
  DevLogLinesSchema,
  dateInZone,
  MyAnalyticsDeletedSchema,
  MyAnalyticsExportSchema,
  MyAnalyticsPageSchema,
  MyAnalyticsQuerySchema,
  PrivacyChoiceSchema,
  type PrivacySettings,
  PrivacySettingsSchema,
  SUPPORT_LOG_LINES_MAX,
} from '@vireo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import { authOf, cookieOptions } from '../../plugins/auth';
import { DEV_VIEWER_ROUTE } from '../../plugins/dev-control';
import { rateLimitOptions } from '../../plugins/rate-limit';
import type { RecentLogLines } from '../../plugins/recent-log-lines';

/**
 * Issue 23 item 2 (spec §7.3, wider-portal.md §11): the ingest of the browser's analytics batches. Anyone may send
 * (the sign-in page counts too), with the anti-forgery token as every state-changing route takes it (a visitor's
 * anonymous pair, as Quick Pay's; so the page-exit batch goes by keepalive `fetch`, not `sendBeacon`). A batch is at
 * most ANALYTICS_MAX_MESSAGE_BYTES (413 past it), valid as a whole or refused as a whole (400: nothing kept), and an
 * address sends at most ANALYTICS_BATCHES_PER_MINUTE a minute (429; `ANALYTICS_RATE_LIMIT_PER_MINUTE`). The events
 * kept and the batches refused are counted for Prometheus.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.portal.services;
  const events = new Counter({
    name: 'vireo_analytics_events_total',
    help: 'Analytics events kept, by type and portal variant',
    labelNames: ['type', 'variant'],
    registers: [app.metrics],
  });
  const refused = new Counter({
    name: 'vireo_analytics_batches_refused_total',
    help: 'Analytics batches refused, by HTTP status',
    labelNames: ['status'],
    registers: [app.metrics],
  });

  const dropped = new Counter({
    name: 'vireo_analytics_client_dropped_events_total',
    help: 'Analytics events browsers dropped at their rate cap or queue cap, as their batches report',
    labelNames: ['variant'],
    registers: [app.metrics],
  });

  const usageWithheld = new Counter({
    name: 'vireo_analytics_usage_events_withheld_total',
    help: 'Usage analytics events (page views) not kept: Global Privacy Control or the person turned them off',
    labelNames: ['variant'],
    registers: [app.metrics],
  });

  // Item 3: the person's own privacy settings and events (any signed-in role; their own rows only, by pseudonym).
  const tags = ['analytics'];
  const session = { access: 'session' } as const;
  const person = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { accountId: auth.accountId, userId: auth.userId };
  };
  /** The browser's hint for the client (ANALYTICS_CHOICE_COOKIE): set while usage analytics are off. */
  const hint = (reply: FastifyReply, settings: PrivacySettings) => {
    if (settings.usageAnalytics) reply.clearCookie(ANALYTICS_CHOICE_COOKIE, cookieOptions(app, { httpOnly: false }));
    else reply.setCookie(ANALYTICS_CHOICE_COOKIE, 'operational', cookieOptions(app, { httpOnly: false }));
    return settings;
  };
  app.get(
    ANALYTICS_PRIVACY_PATH,
    { schema: { tags, response: { 200: PrivacySettingsSchema } }, config: session },
    async (request, reply) => hint(reply, await analytics.privacy(person(request), globalPrivacyControl(request))),
  );
  app.put(
    ANALYTICS_PRIVACY_PATH,
    { schema: { tags, body: PrivacyChoiceSchema, response: { 200: PrivacySettingsSchema } }, config: session },
    async (request, reply) =>
      hint(reply, await analytics.choose(person(request), request.body.usageAnalytics, globalPrivacyControl(request))),
  );
  app.get(
    ANALYTICS_MY_EVENTS_PATH,
    {
      schema: { tags, querystring: MyAnalyticsQuerySchema, response: { 200: MyAnalyticsPageSchema } },
      config: session,
    },
    async (request) => analytics.mine(person(request), request.query),
  );
  app.delete(
    ANALYTICS_MY_EVENTS_PATH,
    { schema: { tags, response: { 200: MyAnalyticsDeletedSchema } }, config: session },
    async (request) => ({ deleted: await analytics.deleteMine(person(request)) }),
  );
  app.get(
    ANALYTICS_MY_EVENTS_EXPORT_PATH,
    { schema: { tags, response: { 200: MyAnalyticsExportSchema } }, config: session },
    async (request, reply) => {
      const now = app.portal.clock.now();
      reply.header('content-disposition', `attachment; filename="vireo-analytics-${dateInZone(now, 'UTC')}.json"`);
      return { exportedAt: now.toISOString(), events: await analytics.exportMine(person(request)) };
    },
  );

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'analytics',
        max: app.portal.config.analyticsRateLimitPerMinute,
        windowMs: 60_000,
        message: 'too many analytics batches',
      }),
    );
    scope.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url === ANALYTICS_EVENTS_PATH && reply.statusCode >= 400) {
        refused.inc({ status: String(reply.statusCode) });
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      ANALYTICS_EVENTS_PATH,
      {
        schema: {
          tags: ['analytics'],
          body: AnalyticsBatchSchema,
          response: { 202: AnalyticsAcceptedSchema },
        },
        bodyLimit: ANALYTICS_MAX_MESSAGE_BYTES,
        config: { access: 'public' },
      },
      async (request, reply) => {
        const auth = request.auth;
        const variant = app.portal.variantFor(request);
        const kept = await analytics.ingest(
          request.body,
          auth ? { accountId: auth.accountId, userId: auth.userId } : null,
          variant,
          globalPrivacyControl(request),
        );
        for (const event of kept) events.inc({ type: event.type, variant });
        const withheld = request.body.events.length - kept.length;
        if (withheld > 0) usageWithheld.inc({ variant }, withheld);
        if (request.body.dropped) dropped.inc({ variant }, request.body.dropped);
        return reply.code(202).send({ accepted: kept.length });
      },
    );
  });
};

/**
 * The non-production event viewer's API (issue 23 item 2, `/dev/analytics`): registered by app.ts outside production
 * only, read-only and open as the mailbox is (plugins/dev-control.ts: every account there is demo data), so a browser
 * test reads what its page sent. The pseudonyms are shortened: the viewer tells senders apart, no more.
 */
export const analyticsDevRoutes: FastifyPluginAsyncZod<{ recentLogLines: RecentLogLines }> = async (
  app,
  { recentLogLines },
) => {
  const { analytics } = app.portal.services;
  app.get(
    DEV_ANALYTICS_EVENTS_PATH,
    {
      config: DEV_VIEWER_ROUTE,
      schema: { tags: ['dev'], querystring: DevAnalyticsQuerySchema, response: { 200: DevAnalyticsPageSchema } },
    },
    async (request) => analytics.page(request.query),
  );
  // item 4: the server's lines of a support code's request (the last ones this process kept)
  app.get(
    DEV_ANALYTICS_LOG_LINES_PATH,
    {
      config: DEV_VIEWER_ROUTE,
      schema: { tags: ['dev'], querystring: DevLogLinesQuerySchema, response: { 200: DevLogLinesSchema } },
    },
    async (request) => ({
      supportCode: request.query.supportCode,
      lines: recentLogLines.find(request.query.supportCode, SUPPORT_LOG_LINES_MAX),
    }),
  );
};

/** Global Privacy Control (`Sec-GPC: 1`, the GPC specification): this browser's request to limit collection. */
function globalPrivacyControl(request: FastifyRequest): boolean {
  return request.headers['sec-gpc'] === '1';
}
