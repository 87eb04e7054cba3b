import { addDays, type IsoDate, startOfDayInZone } from '@vireo/shared';
import type { NewJob } from '../../platform/jobs';

/**
 * The lease job (issue 22 item 3, wider-portal.md §10): a unit's access follows its resident's lease. `move_in` runs
 * at the start of the move-in day (the account's zone) and grants access; `move_out` runs at the start of the day after
 * the move-out date (access runs through that day) and ends it. One job per unit and date (its unique key); the
 * handler checks that the lease still says so, so a date changed since does nothing (unit-changes.ts).
 */
export const MOVE_IN_JOB = 'community.move_in';
export const MOVE_OUT_JOB = 'community.move_out';

export type LeasePayload = { accountId: string; unitId: string; date: IsoDate };

export function leaseJob(kind: typeof MOVE_IN_JOB | typeof MOVE_OUT_JOB, payload: LeasePayload, timeZone: string) {
  const day = kind === MOVE_IN_JOB ? payload.date : addDays(payload.date, 1);
  return {
    kind,
    uniqueKey: `${kind}:${payload.unitId}:${payload.date}`,
    payload,
    runAt: startOfDayInZone(day, timeZone),
  } satisfies NewJob;
}
