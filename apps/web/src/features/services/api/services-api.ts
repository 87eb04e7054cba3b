import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EQUIPMENT_NICKNAME_PATH,
  type Equipment,
  EquipmentSchema,
  SERVICES_PATH,
  type ServiceSummary,
  type ServicesResponse,
  ServicesResponseSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { Equipment, ServiceSummary, ServicesResponse };

/** Query keys of the services page (no other feature reads them yet). */
export const servicesKeys = {
  all: ['services'] as const,
  list: () => [...servicesKeys.all, 'list'] as const,
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
