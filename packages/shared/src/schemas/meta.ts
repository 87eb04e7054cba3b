import { z } from 'zod';
import { PORTAL_ENVS, PORTAL_VARIANTS } from '../constants';

/** `GET /api/pub/meta/v1/config`: what the shell needs before sign-in (brand, variant, environment). */
export const PortalConfigResponseSchema = z.object({
  brandName: z.string(),
  variant: z.enum(PORTAL_VARIANTS),
  environment: z.enum(PORTAL_ENVS),
  /** spec §2.4: the document title differs per variant. */
  documentTitle: z.string(),
  appVersion: z.string(),
  /** product-decisions.md: enterprise accounts are sent to this billing site. */
  enterpriseBillingUrl: z.url(),
  requirementsVersion: z.string(),
});
export type PortalConfigResponse = z.infer<typeof PortalConfigResponseSchema>;

export const PORTAL_CONFIG_PATH = '/api/pub/meta/v1/config';
