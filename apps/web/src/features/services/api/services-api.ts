import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHANGE_OPTIONS_PATH,
  CHANGE_ORDERS_PATH,
  CHANGE_PREVIEW_PATH,
  ChangeOptionsSchema,
  type ChangePreview,
  ChangePreviewSchema,
  COOKIES,
  EQUIPMENT_NICKNAME_PATH,
  type Equipment,
  EquipmentSchema,
  SERVICES_PATH,
  type ServiceOfferId,
  type ServiceOfferView,
  type ServiceOrder,
  ServiceOrderSchema,
  type ServiceSummary,
  type ServicesResponse,
  ServicesResponseSchema,
  type ValueAddedService,
} from '@vireo/shared';
import { getValueAddedServices } from '../../../entities/api/get-value-added-services';
import { queryRoots, refreshAfter } from '../../../entities/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';

export type {
  ChangePreview,
  Equipment,
  ServiceOfferId,
  ServiceOfferView,
  ServiceOrder,
  ServiceSummary,
  ServicesResponse,
  ValueAddedService,
};

/** Query keys of the services pages (no other feature reads them yet). */
export const servicesKeys = {
  all: queryRoots.services,
  list: () => [...servicesKeys.all, 'list'] as const,
  valueAddedServices: () => [...servicesKeys.all, 'value-added-services'] as const,
  changeOptions: () => [...servicesKeys.all, 'change-options'] as const,
};

/** What the account can change on its own (issue 19 item 2): each offer with its standing. */
export function useChangeOptions() {
  return useQuery({
    queryKey: servicesKeys.changeOptions(),
    queryFn: ({ signal }) => apiRequest(CHANGE_OPTIONS_PATH, { schema: ChangeOptionsSchema, signal }),
  });
}

/** The next statement with and without `offer`, from the billing engine; changes nothing. */
export function usePreviewChange() {
  return useMutation({
    mutationFn: (offer: ServiceOfferId) =>
      apiRequest(CHANGE_PREVIEW_PATH, { method: 'POST', body: { offer }, schema: ChangePreviewSchema }),
  });
}

/** Orders the change, once per intent (Idempotency-Key); the services and the bill are read again. */
export function useOrderChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, idempotencyKey }: { offer: ServiceOfferId; idempotencyKey: string }) =>
      apiRequest(CHANGE_ORDERS_PATH, { method: 'POST', body: { offer }, schema: ServiceOrderSchema, idempotencyKey }),
    onSuccess: () => refreshAfter(queryClient, 'serviceChange'),
  });
}

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
