import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type BusinessHours,
  type BusinessHoursRequest,
  BusinessHoursSchema,
  type HoursException,
  type HoursExceptionRequest,
  HoursExceptionSchema,
  HoursExceptionsPageSchema,
  PROPERTY_HOURS_EXCEPTION_PATH,
  PROPERTY_HOURS_EXCEPTIONS_PATH,
  PROPERTY_HOURS_PATH,
} from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { propertySettingsKeys, settingsPath } from './property-settings-keys';

export type { BusinessHours, HoursException };

/** A property's week (wider-portal.md §10). */
export function useBusinessHours(propertyId: string) {
  return useQuery(
    queryOptions({
      queryKey: propertySettingsKeys.hours(propertyId),
      queryFn: ({ signal }) =>
        apiRequest(settingsPath(PROPERTY_HOURS_PATH, { propertyId }), { schema: BusinessHoursSchema, signal }),
    }),
  );
}

export function saveBusinessHours(propertyId: string, request: BusinessHoursRequest): Promise<BusinessHours> {
  return apiRequest(settingsPath(PROPERTY_HOURS_PATH, { propertyId }), {
    method: 'PUT',
    body: request,
    schema: BusinessHoursSchema,
  });
}

/** A property's holidays and closures, upcoming (soonest first) or past (latest first), a keyset page at a time. */
export function useHoursExceptions(propertyId: string, when: 'upcoming' | 'past') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: propertySettingsKeys.exceptions(propertyId, when),
      queryFn: ({ pageParam, signal }) =>
        apiRequest(
          withQuery(settingsPath(PROPERTY_HOURS_EXCEPTIONS_PATH, { propertyId }), { when, cursor: pageParam }),
          {
            schema: HoursExceptionsPageSchema,
            signal,
          },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );
}

/** Adds an exception (`exceptionId` absent) or changes one. */
export function saveHoursException(
  propertyId: string,
  exceptionId: string | null,
  request: HoursExceptionRequest,
): Promise<HoursException> {
  return exceptionId === null
    ? apiRequest(settingsPath(PROPERTY_HOURS_EXCEPTIONS_PATH, { propertyId }), {
        method: 'POST',
        body: request,
        schema: HoursExceptionSchema,
      })
    : apiRequest(settingsPath(PROPERTY_HOURS_EXCEPTION_PATH, { propertyId, exceptionId }), {
        method: 'PUT',
        body: request,
        schema: HoursExceptionSchema,
      });
}

export async function removeHoursException(propertyId: string, exceptionId: string): Promise<void> {
  await apiRequest(settingsPath(PROPERTY_HOURS_EXCEPTION_PATH, { propertyId, exceptionId }), {
    method: 'DELETE',
    schema: z.unknown(),
  });
}
