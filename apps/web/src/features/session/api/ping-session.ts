import { PING_PATH, PingResponseSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type PingResponse = z.infer<typeof PingResponseSchema>;

/** Keep-alive (spec §9: every 30 s while the user is active); the server extends the idle limit. */
export function pingSession(): Promise<PingResponse> {
  return apiRequest(PING_PATH, { method: 'POST', schema: PingResponseSchema });
}
