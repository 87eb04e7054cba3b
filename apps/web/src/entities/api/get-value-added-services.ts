import {
  toKnownValueAddedServices,
  VALUE_ADDED_SERVICES_PATH,
  type ValueAddedService,
  ValueAddedServicesResponseSchema,
} from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * spec §3 value-added services object, with only the service ids the portal knows. Read by the sign-in redirect
 * (app/routes/sign-in-redirect-page.tsx, stored as `vas`) and by features/services (the cards on /services and the
 * desktop security and security suite pages).
 */
export type KnownValueAddedServices = {
  displayServicesBanner: boolean;
  serviceActivationUri: string;
  services: ValueAddedService[];
};

export async function getValueAddedServices(signal?: AbortSignal): Promise<KnownValueAddedServices> {
  const response = await apiRequest(VALUE_ADDED_SERVICES_PATH, { schema: ValueAddedServicesResponseSchema, signal });
  return {
    displayServicesBanner: response.displayServicesBanner,
    serviceActivationUri: response.serviceActivationUri,
    services: toKnownValueAddedServices(response),
  };
}
