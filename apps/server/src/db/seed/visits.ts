import { addDays, dateInZone, instantInZone } from '@vireo/shared';
import { sql } from 'drizzle-orm';
import { areaOf, othersBooked, technicianFor, WINDOW_CAPACITY } from '../../modules/dispatch/dispatch';
import type { Tx } from '../client';
import * as t from '../schema';
import { idFrom } from './ids';
import type { Persona } from './personas';

/**
 * A technician visit dispatch has booked for a demo business (demo-data.md; issue 20): the job, and its place in the
 * window's capacity (the other customers' jobs there, and this one).
 */
export async function seedVisit(
  tx: Tx,
  options: {
    accountId: string;
    visit: NonNullable<Persona['visits']>[number];
    address: Persona['address'];
    timeZone: string;
    now: Date;
  },
): Promise<void> {
  const { visit, address, timeZone, now } = options;
  const day = addDays(dateInZone(now, timeZone), visit.inDays);
  const windowStart = instantInZone(day, visit.hours[0], timeZone);
  const area = areaOf(address.zip);
  await tx.insert(t.dispatchJobs).values({
    id: idFrom(`visit:${visit.jobId}`),
    accountId: options.accountId,
    orderId: visit.orderId,
    jobId: visit.jobId,
    type: visit.type,
    state: visit.state,
    area,
    address,
    windowStart,
    windowEnd: instantInZone(day, visit.hours[1], timeZone),
    technician: technicianFor(visit.jobId),
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(t.dispatchSlots)
    .values({
      area,
      windowStart,
      capacity: WINDOW_CAPACITY,
      booked: Math.min(WINDOW_CAPACITY, othersBooked(area, windowStart) + 1),
    })
    .onConflictDoUpdate({
      target: [t.dispatchSlots.area, t.dispatchSlots.windowStart],
      set: { booked: sql`least(${t.dispatchSlots.capacity}, ${t.dispatchSlots.booked} + 1)` },
    });
}
