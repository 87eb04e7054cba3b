import {
  AppError,
  type BusinessHours,
  type BusinessHoursRequest,
  checkIntervals,
  type DayHours,
  dateInZone,
  daysBetween,
  EXCEPTION_AHEAD_DAYS_MAX,
  EXCEPTION_CODES,
  EXCEPTION_DAYS_MAX,
  EXCEPTIONS_PAGE,
  HOURS_CODES,
  type HoursException,
  type HoursExceptionRequest,
  type HoursExceptionsPage,
  type HoursExceptionsQuery,
  type HoursInterval,
  minutesOf,
  type PropertyNames,
  timeOf,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { ExceptionRow, HoursRow, PropertySettingsRepository } from './property-settings.repository';

export type SettingsActor = { userId: string; accountId: string };
type Slots = Pick<HoursRow, 'open1' | 'close1' | 'open2' | 'close2'>;

/** A refusal on a field of the request (400 VALIDATION_FAILED), its code the web's message id. */
export function invalid(path: string, code: string): AppError {
  return new AppError('VALIDATION_FAILED', `${path}: ${code}`, { fields: [{ path, code }] });
}

/** Intervals as the table keeps them (minutes, two slots). */
export function slotsOf(intervals: readonly HoursInterval[]): Slots {
  const [first, second] = intervals;
  return {
    open1: first ? minutesOf(first.opens) : null,
    close1: first ? minutesOf(first.closes) : null,
    open2: second ? minutesOf(second.opens) : null,
    close2: second ? minutesOf(second.closes) : null,
  };
}

/** The table's slots as intervals (`HH:MM`). */
export function intervalsOf(row: Slots): HoursInterval[] {
  const list: HoursInterval[] = [];
  if (row.open1 !== null && row.close1 !== null) list.push({ opens: timeOf(row.open1), closes: timeOf(row.close1) });
  if (row.open2 !== null && row.close2 !== null) list.push({ opens: timeOf(row.open2), closes: timeOf(row.close2) });
  return list;
}

/** The intervals checked (shared rule `checkIntervals`), or 400 on the interval at fault. */
function checked(intervals: readonly HoursInterval[], path: string): HoursInterval[] {
  const fault = checkIntervals(intervals);
  if (fault) throw invalid(`${path}.${fault.interval}`, fault.code);
  return [...intervals].sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens));
}

/**
 * Business hours of a community property (issue 22 item 5, wider-portal.md §10): the week (each day closed or one or
 * two intervals on the 15-minute grid, in the account's time zone) saved whole with one audit entry naming the days
 * changed, and dated exceptions (a holiday or a closure over a range of days; special hours on one day) with a short
 * label: no two on the same day, none starting in the past or more than two years ahead, a closure of at most 90
 * days; one that is over is kept and not changed. Every change is audited in its transaction.
 */
export function createBusinessHoursService(deps: {
  db: Db;
  clock: Clock;
  repo: PropertySettingsRepository;
  audit: AuditRepository;
}) {
  const { db, clock, repo, audit } = deps;

  async function own(ex: Db | Tx, actor: { accountId: string }, propertyId: string, lock = false) {
    const found = await repo.property(ex, actor.accountId, propertyId, lock);
    if (!found) throw new AppError('NOT_FOUND', 'property');
    return found;
  }

  function weekOf(rows: HoursRow[]): DayHours[] {
    const byDay = new Map(rows.map((row) => [row.weekday, row]));
    return [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
      const row = byDay.get(weekday);
      return { weekday, intervals: row ? intervalsOf(row) : [] };
    });
  }

  function exceptionView(row: ExceptionRow, today: string): HoursException {
    return {
      id: row.id,
      kind: row.kind as HoursException['kind'],
      label: row.label,
      startDate: row.startsOn,
      endDate: row.endsOn,
      intervals: intervalsOf(row),
      editable: row.endsOn >= today,
    };
  }

  /**
   * The request's exception checked against the rules and the property's other exceptions (`keepStart`: an exception
   * already under way may keep its start in the past).
   */
  async function checkedException(
    tx: Tx,
    propertyId: string,
    request: HoursExceptionRequest,
    today: string,
    options: { except?: string; keepStart?: string } = {},
  ) {
    const { startDate, endDate } = request;
    if (endDate < startDate) throw invalid('body.endDate', EXCEPTION_CODES.order);
    if (startDate < today && startDate !== options.keepStart) throw invalid('body.startDate', EXCEPTION_CODES.past);
    // one under way may keep its start, not end before today (it would be over: kept, not changed)
    if (endDate < today) throw invalid('body.endDate', EXCEPTION_CODES.past);
    if (daysBetween(today, startDate) > EXCEPTION_AHEAD_DAYS_MAX)
      throw invalid('body.startDate', EXCEPTION_CODES.tooFar);
    if (daysBetween(startDate, endDate) + 1 > EXCEPTION_DAYS_MAX)
      throw invalid('body.endDate', EXCEPTION_CODES.tooLong);
    let intervals: HoursInterval[] = [];
    if (request.kind === 'special') {
      if (endDate !== startDate) throw invalid('body.endDate', EXCEPTION_CODES.specialOneDay);
      if (request.intervals.length === 0) throw invalid('body.intervals', EXCEPTION_CODES.specialHours);
      intervals = checked(request.intervals, 'body.intervals');
    } else if (request.intervals.length > 0) {
      throw invalid('body.intervals', EXCEPTION_CODES.specialHours);
    }
    if ((await repo.overlapping(tx, propertyId, startDate, endDate, options.except)).length > 0) {
      throw invalid('body.startDate', EXCEPTION_CODES.overlaps);
    }
    return { kind: request.kind, label: request.label, startsOn: startDate, endsOn: endDate, ...slotsOf(intervals) };
  }

  /** An exception of the property still editable (not over), locked with its property for the change. */
  async function editable(tx: Tx, actor: SettingsActor, propertyId: string, exceptionId: string, today: string) {
    const { property } = await own(tx, actor, propertyId, true);
    const row = await repo.exception(tx, property.id, exceptionId);
    if (!row) throw new AppError('NOT_FOUND', 'exception');
    if (row.endsOn < today) throw new AppError('CONFLICT', EXCEPTION_CODES.over);
    return { property, row };
  }

  const todayOf = (timeZone: string) => dateInZone(clock.now(), timeZone);

  async function read(ex: Db | Tx, actor: { accountId: string }, propertyId: string): Promise<BusinessHours> {
    const { property, timeZone } = await own(ex, actor, propertyId);
    const rows = await repo.week(ex, property.id);
    return {
      property: { id: property.id, name: property.name },
      timeZone,
      configured: rows.length > 0,
      week: weekOf(rows),
    };
  }

  return {
    /** The account's properties (the pages' property picker) and the time zone their hours are in. */
    async propertyNames(actor: { accountId: string }, canManage: boolean): Promise<PropertyNames> {
      const { list, timeZone } = await repo.properties(db, actor.accountId);
      return {
        properties: list.map((row) => ({
          id: row.id,
          name: row.name,
          address: { line1: row.addressLine1, city: row.city, state: row.state, zip: row.zip },
        })),
        timeZone,
        canManage,
      };
    },

    hours: (actor: { accountId: string }, propertyId: string) => read(db, actor, propertyId),

    /** Saves the week whole; the audit entry names the weekdays that changed (none changed: no entry). */
    async setHours(actor: SettingsActor, propertyId: string, request: BusinessHoursRequest): Promise<BusinessHours> {
      const days = new Map<number, HoursInterval[]>();
      for (const [index, day] of request.week.entries()) {
        if (days.has(day.weekday)) throw invalid(`body.week.${index}.weekday`, HOURS_CODES.weekday);
        days.set(day.weekday, checked(day.intervals, `body.week.${index}.intervals`));
      }
      return db.transaction(async (tx) => {
        const { property } = await own(tx, actor, propertyId, true);
        const saved = await repo.week(tx, property.id);
        const before = weekOf(saved);
        const now = clock.now();
        const rows = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          propertyId: property.id,
          accountId: actor.accountId,
          weekday,
          ...slotsOf(days.get(weekday) ?? []),
          updatedAt: now,
        }));
        const changed = rows
          .filter((row) => JSON.stringify(intervalsOf(row)) !== JSON.stringify(before[row.weekday]?.intervals))
          .map((row) => row.weekday);
        // the first save of a week is a change even when it matches the closed week it replaces
        if (changed.length > 0 || saved.length === 0) {
          await repo.setWeek(tx, rows);
          await audit.record(tx, {
            at: now,
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action: 'business_hours.changed',
            targetId: property.id,
            data: { property: property.name, weekdays: changed },
          });
        }
        return read(tx, actor, propertyId);
      });
    },

    async exceptions(
      actor: { accountId: string },
      propertyId: string,
      query: HoursExceptionsQuery,
    ): Promise<HoursExceptionsPage> {
      const cursor = decodeCursor(query.cursor);
      const { property, timeZone } = await own(db, actor, propertyId);
      const today = todayOf(timeZone);
      const rows = await repo.exceptions(db, property.id, {
        when: query.when ?? 'upcoming',
        today,
        cursor,
        limit: EXCEPTIONS_PAGE,
      });
      // one direction only (the list goes on with "Show more"): nothing lies before the first page
      const page = toPage(rows, { limit: EXCEPTIONS_PAGE, cursor, dateOf: (row) => row.startsOn, hasOtherSide: false });
      return { items: page.items.map((row) => exceptionView(row, today)), nextCursor: page.nextCursor };
    },

    async addException(actor: SettingsActor, propertyId: string, request: HoursExceptionRequest) {
      return db.transaction(async (tx) => {
        const { property, timeZone } = await own(tx, actor, propertyId, true);
        const today = todayOf(timeZone);
        const now = clock.now();
        const values = await checkedException(tx, property.id, request, today);
        const row = await repo.addException(tx, {
          ...values,
          propertyId: property.id,
          accountId: actor.accountId,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'hours_exception.added',
          targetId: row.id,
          data: { property: property.name, label: row.label, kind: row.kind, from: row.startsOn, to: row.endsOn },
        });
        return exceptionView(row, today);
      });
    },

    async updateException(
      actor: SettingsActor,
      propertyId: string,
      exceptionId: string,
      request: HoursExceptionRequest,
    ): Promise<HoursException> {
      return db.transaction(async (tx) => {
        const timeZone = (await own(tx, actor, propertyId)).timeZone;
        const today = todayOf(timeZone);
        const { property, row } = await editable(tx, actor, propertyId, exceptionId, today);
        const values = await checkedException(tx, property.id, request, today, {
          except: row.id,
          keepStart: row.startsOn,
        });
        const now = clock.now();
        const updated = await repo.updateException(tx, row.id, { ...values, updatedAt: now });
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'hours_exception.changed',
          targetId: row.id,
          data: { property: property.name, label: updated.label, from: updated.startsOn, to: updated.endsOn },
        });
        return exceptionView(updated, today);
      });
    },

    async removeException(actor: SettingsActor, propertyId: string, exceptionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const timeZone = (await own(tx, actor, propertyId)).timeZone;
        const { property, row } = await editable(tx, actor, propertyId, exceptionId, todayOf(timeZone));
        await repo.removeException(tx, row.id);
        await audit.record(tx, {
          at: clock.now(),
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'hours_exception.removed',
          targetId: row.id,
          data: { property: property.name, label: row.label, from: row.startsOn, to: row.endsOn },
        });
      });
    },
  };
}

export type BusinessHoursService = ReturnType<typeof createBusinessHoursService>;
