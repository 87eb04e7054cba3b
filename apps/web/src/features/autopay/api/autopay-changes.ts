import { useMutation } from '@tanstack/react-query';
import {
  AUTOPAY_DATE_PATH,
  AUTOPAY_METHOD_PATH,
  AUTOPAY_PATH,
  type AutoPayChangeResponse,
  AutoPayChangeResponseSchema,
  type CancelAutoPayRequestSchema,
  type ChangeAutoPayDateRequestSchema,
  type ChangeAutoPayMethodRequestSchema,
  type EnrollAutoPayRequestSchema,
} from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type EnrollAutoPayRequest = z.infer<typeof EnrollAutoPayRequestSchema>;
export type ChangeAutoPayMethodRequest = z.infer<typeof ChangeAutoPayMethodRequestSchema>;
export type ChangeAutoPayDateRequest = z.infer<typeof ChangeAutoPayDateRequestSchema>;
export type CancelAutoPayRequest = z.infer<typeof CancelAutoPayRequestSchema>;

/** One Auto Pay change: its request and the key of the user's intent (architecture.md: kept across retries). */
export type AutoPayChange =
  | { kind: 'enroll'; request: EnrollAutoPayRequest; idempotencyKey: string }
  | { kind: 'method'; request: ChangeAutoPayMethodRequest; idempotencyKey: string }
  | { kind: 'date'; request: ChangeAutoPayDateRequest; idempotencyKey: string }
  | { kind: 'cancel'; request: CancelAutoPayRequest; idempotencyKey: string };

const ROUTES = {
  enroll: { path: AUTOPAY_PATH, method: 'POST' },
  method: { path: AUTOPAY_METHOD_PATH, method: 'PUT' },
  date: { path: AUTOPAY_DATE_PATH, method: 'PUT' },
  cancel: { path: AUTOPAY_PATH, method: 'DELETE' },
} as const;

/**
 * The Auto Pay changes (POST enrol, PUT method, PUT date, DELETE cancel with its services): each answers the result of
 * every part (spec §4: a change of method is a cancel and a re-enrolment, so it can partly fail) and the new status.
 */
export function changeAutoPay(change: AutoPayChange): Promise<AutoPayChangeResponse> {
  const route = ROUTES[change.kind];
  return apiRequest(route.path, {
    method: route.method,
    body: change.request,
    schema: AutoPayChangeResponseSchema,
    idempotencyKey: change.idempotencyKey,
  });
}

export function useChangeAutoPay() {
  return useMutation({ mutationFn: changeAutoPay });
}
