import {
  AUTOPAY_PATH,
  type AutoPayChangeResponse,
  AutoPayChangeResponseSchema,
  type EnrollAutoPayRequestSchema,
  PAPERLESS_PATH,
} from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type EnrollAutoPayRequest = z.infer<typeof EnrollAutoPayRequestSchema>;

/** Auto Pay enrolment after a payment (spec §4 combined flows); its answer names the result of every part. */
export function enrollAutoPay(request: EnrollAutoPayRequest, idempotencyKey: string): Promise<AutoPayChangeResponse> {
  return apiRequest(AUTOPAY_PATH, {
    method: 'POST',
    body: request,
    schema: AutoPayChangeResponseSchema,
    idempotencyKey,
  });
}

/** The contract names no response body for paperless billing. */
const AnyBody = z.unknown();

/** Paperless billing on, after a payment (spec §4 combined flows). */
export function enrollPaperless(idempotencyKey: string): Promise<unknown> {
  return apiRequest(PAPERLESS_PATH, { method: 'PUT', body: { enrolled: true }, schema: AnyBody, idempotencyKey });
}
