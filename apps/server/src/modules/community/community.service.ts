import {
  AppError,
  COMMUNITY_UNITS_PAGE,
  type CommunityPortfolio,
  type PropertySummary,
  type Unit,
  type UnitAccess,
  type UnitDetail,
  type UnitOccupancy,
  type UnitsPage,
  type UnitsQuery,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { AccountService } from '../account/account.service';
import type { Dispatch } from '../dispatch/dispatch';
import { dispatchUnavailable } from '../dispatch/dispatch';
import { eventAt, type NetworkOps, networkOpsUnavailable, placeKey } from '../network-ops/network-ops';
import type { CommunityRepository, NextTenancyRow, PropertyRow, UnitRow } from './community.repository';

const NONE = { units: 0, occupied: 0, vacant: 0, suspended: 0, inactive: 0 };

/** A unit as the API shows it: its resident only when occupied. */
export function unitView(row: UnitRow): Unit {
  return {
    id: row.id,
    number: row.number,
    occupancy: row.occupancy as UnitOccupancy,
    access: row.access as UnitAccess,
    // the table's check: an occupied unit has its resident's name and move-in, a vacant one no resident
    resident:
      row.occupancy === 'occupied' && row.residentName !== null && row.moveIn !== null
        ? {
            name: row.residentName,
            email: row.residentEmail,
            phone: row.residentPhone,
            moveIn: row.moveIn,
            moveOut: row.moveOut,
          }
        : null,
  };
}

/** One unit as its page shows it: the unit, its property and the resident entered ahead, if any. */
export function unitDetail(
  found: { unit: UnitRow; propertyName: string; next: NextTenancyRow | null },
  canManage: boolean,
): UnitDetail {
  const { unit, propertyName, next } = found;
  return {
    ...unitView(unit),
    property: { id: unit.propertyId, name: propertyName },
    nextResident: next
      ? {
          name: next.residentName,
          email: next.residentEmail,
          phone: next.residentPhone,
          moveIn: next.moveIn,
          moveOut: next.moveOut,
        }
      : null,
    canManage,
  };
}

/**
 * The community portfolio (issue 22 items 2-3, wider-portal.md §10), read-only: a property manager's properties with
 * their occupancy, services, open visits and outages, each property's units by number (keyset), and one unit with its
 * resident. For an account with a bulk agreement (`community.view`, the routes' access); every id is the account's own
 * or not found (404).
 */
export function createCommunityService(deps: {
  db: Db;
  clock: Clock;
  repo: CommunityRepository;
  accounts: Pick<AccountService, 'getServices'>;
  dispatch: Pick<Dispatch, 'open'>;
  networkOps: Pick<NetworkOps, 'premisesOf' | 'events' | 'covers'>;
}) {
  const { db, clock, repo, accounts, dispatch, networkOps } = deps;

  /**
   * The services of the bulk agreement at every property: the account's services that are active. The agreement is
   * the account's (spec §2.3: one master agreement), and no record says which property takes which service, so each
   * property lists the same ones (wider-portal.md §10: the contract page will tell them apart when it has them).
   */
  async function activeServices(accountId: string): Promise<PropertySummary['services']> {
    const { services } = await accounts.getServices(accountId);
    return services.filter((service) => service.status === 'Active').map((service) => service.key);
  }

  /**
   * Each property's open visits: the account's visits not cancelled and not done (dispatch), matched to a property by
   * the visit's address (street line and ZIP, as network operations match an address): one read for all.
   */
  async function openVisits(accountId: string, list: PropertyRow[], now: Date): Promise<number[]> {
    const jobs = await dispatch.open(accountId, now).catch(dispatchUnavailable);
    const at = new Map<string, number>();
    for (const job of jobs) at.set(placeKey(job.address), (at.get(placeKey(job.address)) ?? 0) + 1);
    return list.map((property) => at.get(placeKey(property)) ?? 0);
  }

  /**
   * Each property's outages: network operations' outages and maintenance under way now (`eventAt(...).active`) whose
   * area covers the property's premises; a property whose address network operations do not know has none. Two reads
   * for all the properties (their premises, the events).
   */
  async function outages(list: PropertyRow[], now: Date): Promise<number[]> {
    const points = await networkOps.premisesOf(db, list);
    if (points.every((point) => point === null)) return list.map(() => 0);
    const events = (await networkOps.events(db, now).catch(networkOpsUnavailable)).filter(
      (event) => eventAt(event, now)?.active === true,
    );
    return points.map((point) => (point ? events.filter((event) => networkOps.covers(event, point)).length : 0));
  }

  async function ownProperty(accountId: string, propertyId: string) {
    const property = await repo.property(db, accountId, propertyId);
    if (!property) throw new AppError('NOT_FOUND', 'property');
    return property;
  }

  return {
    async portfolio(accountId: string, canManage: boolean): Promise<CommunityPortfolio> {
      const now = clock.now();
      const list = await repo.properties(db, accountId);
      const [counts, services, visits, down] = await Promise.all([
        repo.unitCounts(db, accountId),
        activeServices(accountId),
        openVisits(accountId, list, now),
        outages(list, now),
      ]);
      return {
        properties: list.map((property, index) => ({
          id: property.id,
          name: property.name,
          address: { line1: property.addressLine1, city: property.city, state: property.state, zip: property.zip },
          ...(counts.get(property.id) ?? NONE),
          services,
          openVisits: visits[index] ?? 0,
          outages: down[index] ?? 0,
        })),
        canManage,
      };
    },

    /** A property's units by number, COMMUNITY_UNITS_PAGE a page; a cursor the server did not make is 400. */
    async units(accountId: string, propertyId: string, query: UnitsQuery): Promise<UnitsPage> {
      const cursor = decodeCursor(query.cursor, 'text');
      const property = await ownProperty(accountId, propertyId);
      const limit = COMMUNITY_UNITS_PAGE;
      const { rows, hasOtherSide } = await repo.units(db, accountId, property.id, {
        occupancy: query.occupancy,
        access: query.access,
        cursor,
        limit,
      });
      const page = toPage(rows, { limit, cursor, dateOf: (row) => row.number, hasOtherSide });
      return {
        property: { id: property.id, name: property.name },
        items: page.items.map(unitView),
        nextCursor: page.nextCursor,
      };
    },

    async unit(accountId: string, unitId: string, canManage: boolean): Promise<UnitDetail> {
      const row = await repo.unit(db, accountId, unitId);
      if (!row) throw new AppError('NOT_FOUND', 'unit');
      return unitDetail(row, canManage);
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
