import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORTS_PATH,
  type ResidentImportReport,
  ResidentImportReportSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { communityKeys } from './community-keys';

export type { ResidentImportReport };

/** The residents file's dry run (issue 22 item 4): every row's outcome, nothing written. */
export function useResidentDryRun() {
  return useMutation({
    mutationFn: (file: Blob) =>
      apiRequest(RESIDENT_IMPORT_DRY_RUN_PATH, { method: 'POST', body: file, schema: ResidentImportReportSchema }),
  });
}

/** The residents file imported (all rows or none); the portfolio, the units and the units' pages are read again. */
export function useResidentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) =>
      apiRequest(RESIDENT_IMPORTS_PATH, { method: 'POST', body: file, schema: ResidentImportReportSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
