import type { Executor } from '../src/db/client';
import { dispatchJobs, dispatchSlots } from '../src/db/schema';

/**
 * A technician visit written as dispatch would book it, in Portland's dispatch area (041): a repair in a 2-hour window
 * from `windowStart`, at Harbor's address unless another is given. Its id.
 */
export async function insertVisit(
  db: Executor,
  options: {
    accountId: string;
    jobId: string;
    windowStart: Date;
    now: Date;
    address?: { addressLine1: string; city: string; state: string; zip: string };
  },
): Promise<string> {
  const { windowStart, now } = options;
  const [job] = await db
    .insert(dispatchJobs)
    .values({
      accountId: options.accountId,
      orderId: `ORD-${options.jobId}`,
      jobId: options.jobId,
      type: 'repair',
      state: 'scheduled',
      area: '041',
      address: options.address ?? { addressLine1: '120 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
      windowStart,
      windowEnd: new Date(windowStart.getTime() + 7_200_000),
      technician: 'Grace Kim',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: dispatchJobs.id });
  return job?.id as string;
}

/** Sets how many places of a Portland window (area 041) are taken, of its 2. */
export async function setBooked(db: Executor, windowStart: Date, booked: number): Promise<void> {
  await db
    .insert(dispatchSlots)
    .values({ area: '041', windowStart, capacity: 2, booked })
    .onConflictDoUpdate({ target: [dispatchSlots.area, dispatchSlots.windowStart], set: { booked } });
}
