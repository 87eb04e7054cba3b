import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withErrorResponses } from './openapi-errors';

/** OpenAPI document at `/api/docs/json` and the docs page at `/api/docs`, generated from the route schemas. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance, options: { title: string }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${options.title} API`, version: APP_VERSION },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) =>
        withErrorResponses('openapiObject' in input ? input.openapiObject : input.swaggerObject),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI's own CSP (hashes of its inline parts), held to quality-bars.md's rules like every other page:
      // no framing, no <base>, nothing fetched from other origins (its online validator is off).
      staticCSP: true,
      transformStaticCSP: (header: string) =>
        header
          .replace("base-uri 'self'", "base-uri 'none'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(' validator.swagger.io', '')
          .replaceAll(' https:', ''),
      uiConfig: { validatorUrl: null },
    });
  },
  { name: 'swagger' },
);
