import { queryOptions, useQuery } from '@tanstack/react-query';
import { DELINQUENCY_SCHEDULE_PATH, type IsoDate } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { calendarDate } from '../../../lib/formatters';
import { billingKeys } from './billing-keys';

/**
 * Lenient on purpose: spec §7.1 says a date that does not parse is swallowed and the amount shows alone, so a bad
 * date must not fail the whole response (the shared DelinquencyScheduleResponseSchema would reject it).
 */
const ScheduleWireSchema = z.object({ softDisconnectDate: z.unknown().optional() });

/**
 * spec §7.1: the soft-disconnect date, or null. Every failure (an error answer, a network failure, a date that does
 * not parse) is swallowed into null: the card then shows the amount alone.
 */
export async function getSoftDisconnectDate(signal?: AbortSignal): Promise<IsoDate | null> {
  try {
    const response = await apiRequest(DELINQUENCY_SCHEDULE_PATH, { schema: ScheduleWireSchema, signal });
    const value = response.softDisconnectDate;
    return typeof value === 'string' && calendarDate(value) !== null ? value : null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

export function softDisconnectDateQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.delinquencySchedule(),
    queryFn: ({ signal }) => getSoftDisconnectDate(signal),
    retry: false,
  });
}

/** Asks only when `enabled` (see `shouldRequestSoftDisconnectDate`). */
export function useSoftDisconnectDate(enabled: boolean) {
  return useQuery({ ...softDisconnectDateQueryOptions(), enabled });
}
