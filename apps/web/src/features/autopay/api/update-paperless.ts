import { useMutation } from '@tanstack/react-query';
import { PAPERLESS_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type UpdatePaperlessInput = { enrolled: boolean; idempotencyKey: string };

/** The contract names no response body; the screens read the status again afterwards. */
const AnyBody = z.unknown();

/** Paperless billing on or off (spec §1); a failure to enrol is "Unable to Enroll in Paperless Billing". */
export function updatePaperless({ enrolled, idempotencyKey }: UpdatePaperlessInput): Promise<unknown> {
  return apiRequest(PAPERLESS_PATH, { method: 'PUT', body: { enrolled }, schema: AnyBody, idempotencyKey });
}

export function useUpdatePaperless() {
  return useMutation({ mutationFn: updatePaperless });
}
