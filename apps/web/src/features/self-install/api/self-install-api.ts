import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SELF_INSTALL_ACTIVATION_PATH,
  SELF_INSTALL_KIT_PATH,
  SELF_INSTALL_WIFI_PATH,
  type SelfInstallKit,
  SelfInstallKitResponseSchema,
  SelfInstallKitSchema,
  type SelfInstallWifiRequest,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { SelfInstallKit, SelfInstallWifiRequest };

const selfInstallKeys = {
  kit: () => ['selfInstall', 'kit'] as const,
};

/** The account's kit waiting for activation, or null when there is none (issue 21 item 6). */
export function kitQueryOptions() {
  return queryOptions({
    queryKey: selfInstallKeys.kit(),
    queryFn: ({ signal }) =>
      apiRequest(SELF_INSTALL_KIT_PATH, { schema: SelfInstallKitResponseSchema, signal }).then((answer) => answer.kit),
    // where activation stands is of now: each visit asks again
    staleTime: 0,
    retry: false,
  });
}

export function useSelfInstallKit() {
  return useQuery(kitQueryOptions());
}

/** Tries the next activation step once; the kit as it stands after is the page's kit. */
export function useActivationStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(SELF_INSTALL_ACTIVATION_PATH, { method: 'POST', schema: SelfInstallKitSchema }),
    onSuccess: (kit) => queryClient.setQueryData(selfInstallKeys.kit(), kit),
  });
}

/** Names the gateway's Wi-Fi and sets its password (once online). */
export function useSaveWifi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SelfInstallWifiRequest) =>
      apiRequest(SELF_INSTALL_WIFI_PATH, { method: 'PUT', body, schema: SelfInstallKitSchema }),
    onSuccess: (kit) => queryClient.setQueryData(selfInstallKeys.kit(), kit),
  });
}
