import {
  APPOINTMENT_AVAILABILITY_PATH,
  APPOINTMENT_CALENDAR_PATH,
  APPOINTMENT_CANCEL_PATH,
  APPOINTMENT_CONFIRM_PATH,
  APPOINTMENT_PATH,
  APPOINTMENT_RESCHEDULE_PATH,
  APPOINTMENTS_PATH,
  AppointmentSchema,
  AppointmentsPageSchema,
  AppointmentsQuerySchema,
  AvailabilitySchema,
  CancelRequestSchema,
  LOCALES,
  localeOf,
  RescheduleRequestSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountActorOf, authOf } from '../../plugins/auth';

const byId = z.object({ appointmentId: z.uuid() });
/** Dispatch's order and job ids (`ORD-4471-2208`, `JOB-88213`): capitals, digits and dashes. */
const DISPATCH_ID = /^[A-Z]{3}-[A-Z0-9-]{1,30}$/;
/** Changes: PRIMARY, ADMIN and BILLING (wider-portal.md §7). */
const MANAGE = { access: 'appointments.manage' } as const;
const VIEW = { access: 'account.view' } as const;

/** Issue 20 item 2 (wider-portal.md §7, spec §7.1): the account's technician visits. */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appointments, identity } = app.portal.services;

  app.get(
    APPOINTMENTS_PATH,
    {
      schema: {
        tags: ['appointments'],
        querystring: AppointmentsQuerySchema,
        response: { 200: AppointmentsPageSchema },
      },
      config: VIEW,
    },
    async (request) => appointments.list(accountActorOf(request), request.query),
  );
  app.get(
    APPOINTMENT_PATH,
    { schema: { tags: ['appointments'], params: byId, response: { 200: AppointmentSchema } }, config: VIEW },
    async (request) => appointments.get(accountActorOf(request), request.params.appointmentId),
  );
  app.get(
    APPOINTMENT_AVAILABILITY_PATH,
    { schema: { tags: ['appointments'], params: byId, response: { 200: AvailabilitySchema } }, config: MANAGE },
    async (request) => appointments.availability(accountActorOf(request), request.params.appointmentId),
  );
  app.post(
    APPOINTMENT_CONFIRM_PATH,
    { schema: { tags: ['appointments'], params: byId, response: { 200: AppointmentSchema } }, config: MANAGE },
    async (request) => appointments.confirm(accountActorOf(request), request.params.appointmentId),
  );
  app.post(
    APPOINTMENT_RESCHEDULE_PATH,
    {
      schema: {
        tags: ['appointments'],
        params: byId,
        body: RescheduleRequestSchema,
        response: { 200: AppointmentSchema },
      },
      config: MANAGE,
    },
    async (request) => appointments.reschedule(accountActorOf(request), request.params.appointmentId, request.body),
  );
  app.post(
    APPOINTMENT_CANCEL_PATH,
    {
      schema: { tags: ['appointments'], params: byId, body: CancelRequestSchema, response: { 200: AppointmentSchema } },
      config: MANAGE,
    },
    async (request) => appointments.cancel(accountActorOf(request), request.params.appointmentId, request.body),
  );
  // spec §7.1: the visit as a calendar file, in the language asked for, else the user's
  app.get(
    APPOINTMENT_CALENDAR_PATH,
    {
      schema: {
        tags: ['appointments'],
        params: z.object({ orderId: z.string().regex(DISPATCH_ID), jobId: z.string().regex(DISPATCH_ID) }),
        querystring: z.strictObject({ lang: z.enum(LOCALES).optional() }),
      },
      config: VIEW,
    },
    async (request, reply) => {
      const actor = accountActorOf(request);
      const locale = request.query.lang ?? localeOf((await identity.profile(authOf(request))).language);
      const { name, file } = await appointments.calendar(actor, request.params, locale);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  );
};
