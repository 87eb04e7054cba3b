import { AppError } from '@vireo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The options of one @fastify/rate-limit counter: `max` requests in `windowMs` per key (the client address unless
 * told), kept in Redis under `vireo-<name>-` when REDIS_URL is set (shared by every instance), in memory otherwise;
 * past it, 429 RATE_LIMITED with `message`. Sign-in, the card vault and the open doors register theirs with it.
 */
export function rateLimitOptions(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    windowMs: number;
    message: string;
    keyGenerator?: (request: FastifyRequest) => string;
  },
) {
  return {
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: options.keyGenerator ?? ((request: FastifyRequest) => request.ip),
    ...(app.portal.redis ? { redis: app.portal.redis, nameSpace: `vireo-${options.name}-` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', options.message),
  };
}
