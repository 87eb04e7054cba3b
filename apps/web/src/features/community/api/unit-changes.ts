import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMMUNITY_UNIT_ACCESS_PATH,
  COMMUNITY_UNIT_RESIDENT_PATH,
  COMMUNITY_UNIT_WIFI_PATH,
  type ResidentInput,
  type UnitDetail,
  UnitDetailSchema,
  type WifiCredentialsRequest,
  WifiCredentialsResponseSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { communityKeys } from './community-keys';

export type { ResidentInput, WifiCredentialsRequest };

const pathOf = (path: string, unitId: string) => path.replace(':unitId', encodeURIComponent(unitId));

/**
 * A unit's change answered with the unit as it is now: the unit's page shows it at once; the portfolio's counts and
 * the units lists are read again (issue 22 item 3).
 */
function useUnitChange<T>(unitId: string, send: (body: T) => Promise<UnitDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (unit) => {
      queryClient.setQueryData(communityKeys.unit(unitId), unit);
      void queryClient.invalidateQueries({ queryKey: communityKeys.portfolio() });
      void queryClient.invalidateQueries({ queryKey: [...communityKeys.all, 'units', unit.property.id] });
    },
  });
}

/** Suspends an active unit's access or restores a suspended one (`community.manage`). */
export function useSetUnitAccess(unitId: string) {
  return useUnitChange(unitId, (access: 'active' | 'suspended') =>
    apiRequest(pathOf(COMMUNITY_UNIT_ACCESS_PATH, unitId), {
      method: 'PUT',
      body: { access },
      schema: UnitDetailSchema,
    }),
  );
}

/** Saves the unit's resident (a new one in a vacant unit); access follows the lease's dates. */
export function useSaveResident(unitId: string) {
  return useUnitChange(unitId, (body: ResidentInput) =>
    apiRequest(pathOf(COMMUNITY_UNIT_RESIDENT_PATH, unitId), { method: 'PUT', body, schema: UnitDetailSchema }),
  );
}

/** Sends the resident the unit's Wi-Fi network and passphrase, by e-mail or text. */
export function useSendWifi(unitId: string) {
  return useMutation({
    mutationFn: (body: WifiCredentialsRequest) =>
      apiRequest(pathOf(COMMUNITY_UNIT_WIFI_PATH, unitId), {
        method: 'POST',
        body,
        schema: WifiCredentialsResponseSchema,
      }),
  });
}
