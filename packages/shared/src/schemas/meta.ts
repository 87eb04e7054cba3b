import { z } from 'zod';
import { PORTAL_ENVS, PORTAL_VARIANTS } from '../constants';

/** `GET /api/pub/meta/v1/config`: what the shell needs before sign-in (brand, variant, environment). */
/** The kinds of customer whose customer-service number differs (spec §9; wider-portal.md §9 Contact us). */
export const CUSTOMER_SERVICE_LINES = ['business', 'mobile', 'enterprise', 'community'] as const;
export type CustomerServiceLine = (typeof CUSTOMER_SERVICE_LINES)[number];

/** A telephone number: E.164 for the `tel:` link, and as it is written in the country's own format. */
export const PhoneNumberSchema = z.object({ e164: z.string().regex(/^\+[1-9]\d{7,14}$/), display: z.string() });
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

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
  /** spec §9: the customer-service number of each kind of customer, from configuration. */
  customerService: z.object({
    business: PhoneNumberSchema,
    mobile: PhoneNumberSchema,
    enterprise: PhoneNumberSchema,
    community: PhoneNumberSchema,
  }),
});
export type PortalConfigResponse = z.infer<typeof PortalConfigResponseSchema>;

export const PORTAL_CONFIG_PATH = '/api/pub/meta/v1/config';
