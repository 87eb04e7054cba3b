import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

/**
 * The simulated dispatch system's own records (issue 20 item 1, wider-portal.md §7): technician jobs (the visits) and
 * the capacity of each 2-hour window per dispatch area. Only modules/dispatch reads and writes them; the portal asks
 * dispatch, as it asks the billing system.
 */

export const visitTypeEnum = pgEnum('visit_type', ['installation', 'repair', 'equipment']);
/** What dispatch stores; en route, on site and completed follow from the window on the clock (dispatch.ts). */
export const jobStateEnum = pgEnum('job_state', ['confirmation_needed', 'scheduled', 'confirmed', 'cancelled']);

export const dispatchJobs = pgTable(
  'dispatch_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** spec §7.1: the order and the job, as the calendar route names them. */
    orderId: text().notNull(),
    jobId: text().notNull().unique(),
    type: visitTypeEnum().notNull(),
    state: jobStateEnum().notNull(),
    /** The dispatch area (the service ZIP's first three digits): capacity is per area and window. */
    area: text().notNull(),
    address: jsonb().$type<{ addressLine1: string; city: string; state: string; zip: string }>().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    windowEnd: timestamp({ withTimezone: true }).notNull(),
    technician: text().notNull(),
    cancelReason: text(),
    cancelNote: text(),
    /** RFC 5545 SEQUENCE of its calendar file: raised by every change of the window and by a cancellation. */
    sequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('dispatch_jobs_account').on(t.accountId, t.windowStart, t.id)],
);

/**
 * A window's bookings in an area (made when first asked about; `booked` starts at the other customers' jobs that
 * dispatch already had there). A booking takes one place only while `booked < capacity`, in one statement, so two
 * people taking the last place at once cannot both get it.
 */
export const dispatchSlots = pgTable(
  'dispatch_slots',
  {
    area: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    booked: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.area, t.windowStart] }),
    check('dispatch_slots_booked', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
  ],
);
