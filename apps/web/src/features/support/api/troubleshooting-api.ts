import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EQUIPMENT_RESTART_PATH,
  type EquipmentRestart,
  EquipmentRestartSchema,
  type Locale,
  TROUBLESHOOTING_PATH,
  type TroubleshootingCheck,
  TroubleshootingCheckSchema,
  type TroubleshootSubject,
} from '@vireo/shared';
import { queryRoots } from '../../../entities/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { EquipmentRestart, TroubleshootingCheck, TroubleshootSubject };

const troubleshootingKeys = {
  check: (subject: TroubleshootSubject, lang: Locale) => ['support', 'troubleshooting', subject, lang] as const,
};

/** Troubleshooting's check (issue 21 item 5): an outage at the service address first, else the equipment. */
export function useTroubleshootingCheck(subject: TroubleshootSubject, lang: Locale) {
  return useQuery({
    queryKey: troubleshootingKeys.check(subject, lang),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(TROUBLESHOOTING_PATH, { subject, lang }), { schema: TroubleshootingCheckSchema, signal }),
    // a check is of now: each visit asks again
    staleTime: 0,
    retry: false,
  });
}

/** Restarts a device; the services' statuses are read again after (the services page shows them too). */
export function useRestartDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (equipmentId: string) =>
      apiRequest(EQUIPMENT_RESTART_PATH.replace(':equipmentId', encodeURIComponent(equipmentId)), {
        method: 'POST',
        schema: EquipmentRestartSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.services }),
  });
}
