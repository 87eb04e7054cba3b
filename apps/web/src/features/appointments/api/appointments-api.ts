import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_AVAILABILITY_PATH,
  APPOINTMENT_CALENDAR_PATH,
  APPOINTMENT_CANCEL_PATH,
  APPOINTMENT_CONFIRM_PATH,
  APPOINTMENT_PATH,
  APPOINTMENT_RESCHEDULE_PATH,
  APPOINTMENTS_PATH,
  type Appointment,
  AppointmentSchema,
  AppointmentsPageSchema,
  type Availability,
  AvailabilitySchema,
  type CancelRequest,
  type RescheduleRequest,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { Appointment, Availability };

/** Query keys of the technician visits (no other feature reads them). */
export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (cursor: string | undefined) => [...appointmentKeys.all, 'list', { cursor }] as const,
  availability: (id: string) => [...appointmentKeys.all, 'availability', id] as const,
  visit: (id: string) => [...appointmentKeys.all, 'visit', id] as const,
};

const visitPath = (template: string, id: string) => template.replace(':appointmentId', encodeURIComponent(id));

/** A keyset page of the account's visits, the latest window first (issue 20 item 2). */
export function useAppointments(cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: appointmentKeys.list(cursor),
      queryFn: ({ signal }) =>
        apiRequest(withQuery(APPOINTMENTS_PATH, { cursor }), { schema: AppointmentsPageSchema, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One visit of the account's (the one-visit pages). */
export function useAppointment(id: string) {
  return useQuery(
    queryOptions({
      queryKey: appointmentKeys.visit(id),
      queryFn: ({ signal }) => apiRequest(visitPath(APPOINTMENT_PATH, id), { schema: AppointmentSchema, signal }),
      enabled: id !== '',
    }),
  );
}

/** The windows a visit can move to (asked for when the reschedule panel opens; always fresh: capacity changes). */
export function useAvailability(id: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: appointmentKeys.availability(id),
      queryFn: ({ signal }) =>
        apiRequest(visitPath(APPOINTMENT_AVAILABILITY_PATH, id), { schema: AvailabilitySchema, signal }),
      staleTime: 0,
      enabled,
    }),
  );
}

/** The visit's calendar file (RFC 5545), in `lang`. */
export function calendarUrl(visit: Pick<Appointment, 'orderId' | 'jobId'>, lang: string): string {
  const path = APPOINTMENT_CALENDAR_PATH.replace(':orderId', encodeURIComponent(visit.orderId)).replace(
    ':jobId',
    encodeURIComponent(visit.jobId),
  );
  return withQuery(path, { lang });
}

export type VisitChange =
  | { kind: 'confirm' }
  | { kind: 'reschedule'; request: RescheduleRequest }
  | { kind: 'cancel'; request: CancelRequest };

/** Confirms, moves or cancels a visit; the list (and the windows) are read again after. */
export function useChangeVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: VisitChange }) => {
      const path = {
        confirm: APPOINTMENT_CONFIRM_PATH,
        reschedule: APPOINTMENT_RESCHEDULE_PATH,
        cancel: APPOINTMENT_CANCEL_PATH,
      }[change.kind];
      return apiRequest(visitPath(path, id), {
        method: 'POST',
        ...('request' in change ? { body: change.request } : {}),
        schema: AppointmentSchema,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
