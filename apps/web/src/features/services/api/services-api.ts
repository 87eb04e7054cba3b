import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COOKIES,
  EQUIPMENT_NICKNAME_PATH,
  type Equipment,
  EquipmentSchema,
  SERVICES_PATH,
  type ServiceSummary,
  type ServicesResponse,
  ServicesResponseSchema,
  type ValueAddedService,
} from '@vireo/shared';
import { getValueAddedServices } from '../../../entities/api/get-value-added-services';
import { apiRequest } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';

export type { Equipment, ServiceSummary, ServicesResponse, ValueAddedService };

/** Query keys of the services pages (no other feature reads them yet). */
export const servicesKeys = {
  all: ['services'] as const,
  list: () => [...servicesKeys.all, 'list'] as const,
  valueAddedServices: () => [...servicesKeys.all, 'value-added-services'] as const,
};

/** The account's services with their plans, lines and equipment (issue 19 item 1). */
export function getServices(signal?: AbortSignal): Promise<ServicesResponse> {
  return apiRequest(SERVICES_PATH, { schema: ServicesResponseSchema, signal });
}

export function servicesQueryOptions() {
  return queryOptions({ queryKey: servicesKeys.list(), queryFn: ({ signal }) => getServices(signal) });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}

/**
 * The account's known value-added services (spec §3: known ids only, each with its `internal` flag), for the cards on
 * /services and the security pages. A visitor (no `session=1` hint: /desktop-security is open) asks for nothing.
 */
export function useValueAddedServices() {
  return useQuery({
    queryKey: servicesKeys.valueAddedServices(),
    queryFn: async ({ signal }) => (await getValueAddedServices(signal)).services,
    enabled: readCookie(COOKIES.indicator) === '1',
  });
}

/** Names a device, or removes its name (an empty nickname): the device as it now is. */
export function setNickname({ id, nickname }: { id: string; nickname: string }): Promise<Equipment> {
  return apiRequest(EQUIPMENT_NICKNAME_PATH.replace(':equipmentId', encodeURIComponent(id)), {
    method: 'PUT',
    body: { nickname },
    schema: EquipmentSchema,
  });
}

export function useSetNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNickname,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
  });
}
