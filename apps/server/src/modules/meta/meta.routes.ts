import {
  APP_VERSION,
  COMMUNITY_BRAND_NAME,
  DOCUMENT_TITLE,
  PORTAL_CONFIG_PATH,
  PortalConfigResponseSchema,
  REQUIREMENTS_VERSION,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the shell needs before sign-in. Public. */
export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PORTAL_CONFIG_PATH,
    { schema: { tags: ['meta'], response: { 200: PortalConfigResponseSchema } } },
    async (request) => {
      const variant = app.portal.variantFor(request);
      return {
        brandName: variant === 'community' ? COMMUNITY_BRAND_NAME : app.portal.config.brandName,
        variant,
        environment: app.portal.environment,
        documentTitle: DOCUMENT_TITLE[variant],
        appVersion: APP_VERSION,
        enterpriseBillingUrl: app.portal.config.enterpriseBillingUrl,
        requirementsVersion: REQUIREMENTS_VERSION,
        customerService: app.portal.config.customerService,
      };
    },
  );
};
