import { z } from 'zod';

export const ACCOUNTS_PATH = '/api/pub/account/v1/accounts';
export const ACCOUNT_SERVICES_PATH = '/api/pub/account/v1/services';
export const VALUE_ADDED_SERVICES_PATH = '/api/pub/valueaddedservices/v1/services';
export const FLAGS_PATH = '/api/pub/flags/v1/flags';
export const CPNI_COMPLIANCE_PATH = '/api/pub/identity/v3/identity/cpni/compliance';

/** spec §7.1 CPNI compliance of the signed-in user (ADR 008). */
export const CpniComplianceSchema = z.object({ compliant: z.boolean() });

const AddressSchema = z.object({ addressLine1: z.string(), city: z.string(), state: z.string(), zip: z.string() });

/** spec §3 account info (money in cents; fields named like date are ISO dates the client parses). */
export const AccountInfoSchema = z.object({
  companyName: z.string(),
  accountId: z.string(),
  isDelinquent: z.boolean(),
  pastDueAmountCents: z.number().int(),
  pendingPaymentAmountCents: z.number().int(),
  serviceAddress: AddressSchema,
  billToAddress: AddressSchema,
  softDisconnectDate: z.iso.date().nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfoSchema>;

export const SERVICE_KEYS = [
  'VOICE',
  'EMAIL',
  'BACKUP',
  'SECURITY',
  'INTERNET',
  'VIDEO',
  'DOMAIN',
  'WEB_HOSTING',
  'LAYER_3_VPN',
  'ETHERNET',
  'OPTICAL_WAVE',
] as const;
export const AccountServicesResponseSchema = z.object({
  services: z.array(
    z.object({ key: z.enum(SERVICE_KEYS), status: z.enum(['Assigned', 'Unassigned', 'Active', 'Undefined']) }),
  ),
});
export type AccountServicesResponse = z.infer<typeof AccountServicesResponseSchema>;

/** spec §3: the value-added service ids the portal knows; entries with other ids are dropped by the client. */
export const KNOWN_VALUE_ADDED_SERVICE_IDS = [
  'MIR_MIRW',
  'DOMAIN',
  'PHONE_META',
  'PHONE',
  'DESKTOP_SECURITY',
  'EMAIL',
  'CLOUD_BACKUP',
  'WEB_HOSTING',
  'HOSTED_VOICE',
  'TV',
  'INTERNET',
  'VOICE',
  'WIFI',
  'DOMAIN_VAS_2_0',
  'EMAIL_VAS_2_0',
  'DESKTOP_SECURITY_VAS_2_0',
] as const;
export type ValueAddedServiceId = (typeof KNOWN_VALUE_ADDED_SERVICE_IDS)[number];

export const ValueAddedServiceSchema = z.object({
  serviceId: z.string(),
  rateCode: z.string(),
  redirectUri: z.object({ sbpp: z.string() }),
});
export const ValueAddedServicesResponseSchema = z.object({
  displayServicesBanner: z.boolean(),
  serviceActivationUri: z.string(),
  services: z.array(ValueAddedServiceSchema),
});
export type ValueAddedServicesResponse = z.infer<typeof ValueAddedServicesResponseSchema>;

export type ValueAddedService = z.infer<typeof ValueAddedServiceSchema> & { internal: boolean };

/** spec §3: keep only known ids; a service is internal when its redirect starts with / but not /api. */
export function toKnownValueAddedServices(response: ValueAddedServicesResponse): ValueAddedService[] {
  const known = new Set<string>(KNOWN_VALUE_ADDED_SERVICE_IDS);
  return response.services
    .filter((service) => known.has(service.serviceId))
    .map((service) => ({
      ...service,
      internal: service.redirectUri.sbpp.startsWith('/') && !service.redirectUri.sbpp.startsWith('/api'),
    }));
}
