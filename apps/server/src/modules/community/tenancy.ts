import { addDays, type IsoDate, RESIDENT_OVERLAPS_CURRENT, RESIDENT_OVERLAPS_NEXT } from '@vireo/shared';
import type { NextTenancyRow, UnitRow } from './community.repository';

/**
 * A unit's tenancies (issue 22 items 3-4, wider-portal.md §10), pure: the current resident's, and the next one entered
 * ahead to follow it. A manager's form and an import read a resident the same way: the current one edited (or a new
 * one in a vacant unit, or one replacing it from a day already come), or the next one, when their move-in comes after
 * the current resident's move-out. Their leases never overlap, so neither is lost or given the other's access.
 */

/** A resident's details once checked: the phone in E.164, the dates in order. */
export type CheckedResident = {
  name: string;
  email: string | null;
  phone: string | null;
  moveIn: string;
  moveOut: string | null;
};

/** A unit as the rules read it: the unit's row and its next tenancy. */
export type Tenancies = { unit: UnitRow; next: NextTenancyRow | null };

/**
 * Where a resident goes: the unit's current lease, its next one (`endsCurrent`: the current resident's last day, which
 * the new lease sets when the current one had none; null when it had one before the move-in), or refused on a field
 * with a field code.
 */
export type TenancyOf =
  | { kind: 'current' }
  | { kind: 'next'; endsCurrent: string | null }
  | { kind: 'refused'; field: 'moveIn' | 'moveOut'; code: string };

const RESIDENT_FIELDS = ['name', 'email', 'phone', 'moveIn', 'moveOut'] as const;
type LeaseColumns = Pick<UnitRow, 'residentName' | 'residentEmail' | 'residentPhone' | 'moveIn' | 'moveOut'>;
const COLUMN_OF = {
  name: 'residentName',
  email: 'residentEmail',
  phone: 'residentPhone',
  moveIn: 'moveIn',
  moveOut: 'moveOut',
} as const satisfies Record<(typeof RESIDENT_FIELDS)[number], keyof LeaseColumns>;

/**
 * The rules: a vacant unit's resident is its current one. A move-in after the current resident's move-out is the next
 * tenancy. Someone else moving in on a later day while the current resident already lives there with no move-out:
 * the next tenancy too, and the current lease ends the day before (a property-management system's export says so by
 * listing the new lease); with a move-out on or after that day, refused (the manager set it; which lease is right is
 * theirs to say). Someone else from a day already come replaces the current resident (who has left), and so does a
 * new resident of a lease not begun yet. The current resident's move-out never reaches the next one's move-in.
 */
export function tenancyOf({ unit, next }: Tenancies, resident: CheckedResident, today: string): TenancyOf {
  if (unit.occupancy !== 'occupied' || unit.moveIn === null) return { kind: 'current' };
  if (unit.moveOut !== null && resident.moveIn > unit.moveOut) return { kind: 'next', endsCurrent: null };
  const begun = unit.moveIn <= today;
  const someoneElse = resident.name !== unit.residentName && resident.moveIn !== unit.moveIn;
  if (begun && someoneElse && resident.moveIn > today) {
    if (unit.moveOut !== null) return { kind: 'refused', field: 'moveIn', code: RESIDENT_OVERLAPS_CURRENT };
    return { kind: 'next', endsCurrent: addDays(resident.moveIn as IsoDate, -1) };
  }
  if (next && (resident.moveOut === null || resident.moveOut >= next.moveIn)) {
    return { kind: 'refused', field: 'moveOut', code: RESIDENT_OVERLAPS_NEXT };
  }
  return { kind: 'current' };
}

/**
 * What setting a lease to `resident` changes: its fields, and whether it is a new tenancy (new lease jobs). `held` is
 * the lease as it is (the unit's, or the next tenancy's), null when there is none.
 */
export function residentChange(held: LeaseColumns | null, resident: CheckedResident) {
  const changed = RESIDENT_FIELDS.filter((field) => resident[field] !== (held ? held[COLUMN_OF[field]] : null));
  return { changed, newLease: held === null || held.moveIn !== resident.moveIn };
}

/** The lease a resident would change: the unit's (null when vacant) or its next tenancy's. */
export function heldLease({ unit, next }: Tenancies, kind: 'current' | 'next'): LeaseColumns | null {
  if (kind === 'next') return next;
  return unit.occupancy === 'vacant' ? null : unit;
}

/** A move-out date already recorded may stay as it is; a new one cannot be in the past. */
export function moveOutInPast(held: LeaseColumns | null, moveOut: string | null, today: string): boolean {
  return moveOut !== null && moveOut !== (held?.moveOut ?? null) && moveOut < today;
}
