import { queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_DEVICES_PATH, MobileDevicesSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { mobileKeys } from './mobile-keys';

export type MobileDevices = z.infer<typeof MobileDevicesSchema>;

export function getMobileDevices(signal?: AbortSignal): Promise<MobileDevices> {
  return apiRequest(MOBILE_DEVICES_PATH, { schema: MobileDevicesSchema, signal });
}

/** The devices card: a query of its own, so that its failure stays inside the card (spec §8). */
export function useMobileDevices() {
  return useQuery(queryOptions({ queryKey: mobileKeys.devices(), queryFn: ({ signal }) => getMobileDevices(signal) }));
}
