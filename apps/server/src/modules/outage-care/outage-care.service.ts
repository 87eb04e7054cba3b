import {
  AppError,
  type BillingCategory,
  type CallbackChannel,
  type Capability,
  dateInZone,
  type Locale,
  type LocationOutage,
  OUTAGE_CALLBACKS_PER_LOCATION,
  OUTAGE_CREDIT_MIN_HOURS,
  OUTAGE_HISTORY_DAYS,
  type OutageCallback,
  type OutageCallbackRequest,
  type OutageLocationsResponse,
  outageCredit,
  outageCreditDays,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { BillingService } from '../billing/billing.service';
import { eventAt, type NetworkEventRow, type NetworkOps, networkOpsUnavailable } from '../network-ops/network-ops';
import { e164Of } from '../profile/profile.service';
import type { CallbackRow, CreditRow, OutageCareRepository } from './outage-care.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type OutageCareActor = {
  accountId: string;
  userId: string;
  capabilities: readonly Capability[];
  timeZone: string;
  requestId?: string | null;
};

type Address = Awaited<ReturnType<OutageCareRepository['locations']>>[number];

export function addressLabel(address: Pick<Address, 'addressLine1' | 'city' | 'state' | 'zip'>): string {
  return `${address.addressLine1}, ${address.city}, ${address.state} ${address.zip}`;
}

/** A text callback's number as libphonenumber-js reads it (profile's rule), in E.164. */
function numberOf(text: string): string {
  const number = e164Of(text, 'body.destination');
  if (number) return number;
  throw new AppError('VALIDATION_FAILED', 'a number is needed', {
    fields: [{ path: 'body.destination', code: 'too_small' }],
  });
}

function callbackView(row: CallbackRow): OutageCallback {
  return {
    id: row.id,
    channel: row.channel as CallbackChannel,
    destination: row.destination,
    language: row.language as Locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a signed-in business does about outages at its locations (issue 20 items 7-8, wider-portal.md §8): the
 * outages there (under way, or over within OUTAGE_HISTORY_DAYS), the user's callbacks (told once when an outage there
 * is over: restore-notices.ts), and for a role with billing access the outage credit: once an outage of
 * OUTAGE_CREDIT_MIN_HOURS or more is over, one request posts the prorated daily rate of the affected services (whole
 * days up) on the next statement, once per account and outage. Every change is audited (area outages).
 */
export function createOutageCareService(deps: {
  db: Db;
  clock: Clock;
  networkOps: NetworkOps;
  billing: Pick<BillingService, 'monthlyServiceCents' | 'postCredit'>;
  audit: AuditRepository;
  repo: OutageCareRepository;
}) {
  const { db, clock, networkOps, billing, audit, repo } = deps;

  /** The outages whose area covers a location, known now and not over more than OUTAGE_HISTORY_DAYS ago. */
  async function outagesAt(ex: Executor, address: Address, now: Date): Promise<NetworkEventRow[]> {
    const point = await networkOps.premises(ex, address);
    if (!point) return [];
    const events = await networkOps.events(ex, now, OUTAGE_HISTORY_DAYS * DAY_MS).catch(networkOpsUnavailable);
    return events.filter((event) => event.kind === 'outage' && networkOps.covers(event, point));
  }

  /** An outage as it stands now, and the time it has affected (to its end, or to now while under way). */
  function affectedBy(event: NetworkEventRow, now: Date) {
    const at = eventAt(event, now);
    return { at, affectedMs: (at?.endedAt ?? now).getTime() - event.startsAt.getTime() };
  }

  /** The credit an outage gives the account: its days and amount by the affected services' monthly charges. */
  async function creditOf(ex: Executor, accountId: string, event: NetworkEventRow, timeZone: string, now: Date) {
    const { at, affectedMs } = affectedBy(event, now);
    const { cycleDays, byCategory } = await billing.monthlyServiceCents(
      ex,
      accountId,
      event.services,
      dateInZone(event.startsAt, timeZone),
    );
    const parts = [...byCategory].map(([category, monthlyCents]) => ({
      category: category as BillingCategory,
      ...outageCredit({ monthlyCents, cycleDays, affectedMs }),
    }));
    const amountCents = parts.reduce((total, part) => total + part.amountCents, 0);
    const days = outageCreditDays(affectedMs);
    const eligible = at?.ended === true && affectedMs >= OUTAGE_CREDIT_MIN_HOURS * HOUR_MS && amountCents > 0;
    return { parts, amountCents, days, eligible };
  }

  async function outageView(
    ex: Executor,
    actor: OutageCareActor,
    event: NetworkEventRow,
    credits: readonly CreditRow[],
    now: Date,
  ): Promise<LocationOutage> {
    const { at, affectedMs } = affectedBy(event, now);
    const credit = actor.capabilities.includes('billing.view')
      ? await creditOf(ex, actor.accountId, event, actor.timeZone, now)
      : null;
    const requested = credits.find((row) => row.eventId === event.id);
    return {
      reference: event.reference,
      services: event.services as LocationOutage['services'],
      stage: at?.stage ?? 'investigating',
      startsAt: event.startsAt.toISOString(),
      estimatedEndAt: event.estimatedEndAt.toISOString(),
      confidence: event.confidence,
      endedAt: at?.endedAt?.toISOString() ?? null,
      affectedMinutes: Math.max(0, Math.floor(affectedMs / 60_000)),
      credit: credit && {
        eligible: requested ? false : credit.eligible,
        amountCents: requested?.amountCents ?? credit.amountCents,
        days: requested?.days ?? credit.days,
        requestedOn: requested ? dateInZone(requested.requestedAt, actor.timeZone) : null,
      },
    };
  }

  async function ownLocation(ex: Executor, accountId: string, addressId: string): Promise<Address> {
    const address = (await repo.locations(ex, accountId)).find((row) => row.id === addressId);
    if (!address) throw new AppError('NOT_FOUND', 'location');
    return address;
  }

  /** The outage `reference` at one of the account's locations, with that location. */
  async function outageOfAccount(ex: Executor, accountId: string, reference: string, now: Date) {
    for (const address of await repo.locations(ex, accountId)) {
      const event = (await outagesAt(ex, address, now)).find((row) => row.reference === reference);
      if (event) return { event, address };
    }
    throw new AppError('NOT_FOUND', 'outage');
  }

  return {
    async locations(actor: OutageCareActor): Promise<OutageLocationsResponse> {
      const now = clock.now();
      const callbacks = await repo.liveCallbacksOf(db, actor.accountId, actor.userId);
      const credits = await repo.creditsOf(db, actor.accountId);
      const locations = [];
      for (const address of await repo.locations(db, actor.accountId)) {
        const outages = [];
        for (const event of (await outagesAt(db, address, now)).reverse()) {
          outages.push(await outageView(db, actor, event, credits, now));
        }
        locations.push({
          addressId: address.id,
          label: addressLabel(address),
          timeZone: actor.timeZone,
          outages,
          callbacks: callbacks.filter((row) => row.addressId === address.id).map(callbackView),
        });
      }
      return { locations };
    },

    /** A callback at one of the account's locations; the same one again is the one already there. */
    async subscribe(actor: OutageCareActor, request: OutageCallbackRequest, language: Locale) {
      const destination = request.channel === 'text' ? numberOf(request.destination) : request.destination;
      return db.transaction(async (tx) => {
        const address = await ownLocation(tx, actor.accountId, request.addressId);
        const key = { userId: actor.userId, addressId: address.id, channel: request.channel, destination };
        const existing = await repo.findLive(tx, key);
        if (existing) return { callback: callbackView(existing), created: false };
        if ((await repo.countLive(tx, actor.userId, address.id)) >= OUTAGE_CALLBACKS_PER_LOCATION) {
          throw new AppError('VALIDATION_FAILED', 'too many callbacks at this location', {
            fields: [{ path: 'body.destination', code: 'too_big' }],
          });
        }
        const now = clock.now();
        const row = await repo.insertCallback(tx, { ...key, accountId: actor.accountId, language, createdAt: now });
        if (!row) {
          // lost a race to the same request: the unique insert waited for it to commit, so it reads now (read committed)
          const added = await repo.findLive(tx, key);
          if (added) return { callback: callbackView(added), created: false };
          throw new AppError('CONFLICT', 'the same callback was added at the same time');
        }
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'outage_callback.subscribed',
          targetId: row.id,
          requestId: actor.requestId ?? null,
          data: { channel: row.channel, location: addressLabel(address) },
        });
        return { callback: callbackView(row), created: true };
      });
    },

    async unsubscribe(actor: OutageCareActor, callbackId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.endCallback(
          tx,
          { id: callbackId, accountId: actor.accountId, userId: actor.userId },
          now,
        );
        if (!row) throw new AppError('NOT_FOUND', 'callback');
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'outage_callback.unsubscribed',
          targetId: row.id,
          requestId: actor.requestId ?? null,
          data: { channel: row.channel },
        });
      });
    },

    /**
     * The outage credit, in one request: 409 CONFLICT before the outage is over or when it was shorter than
     * OUTAGE_CREDIT_MIN_HOURS; asked again, the credit already requested (posted once).
     */
    async requestCredit(actor: OutageCareActor, reference: string): Promise<LocationOutage> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const { event } = await outageOfAccount(tx, actor.accountId, reference, now);
        const credits = await repo.creditsOf(tx, actor.accountId);
        if (credits.some((row) => row.eventId === event.id)) return outageView(tx, actor, event, credits, now);
        const credit = await creditOf(tx, actor.accountId, event, actor.timeZone, now);
        if (!credit.eligible) throw new AppError('CONFLICT', 'the outage gives no credit (not over, or too short)');
        const today = dateInZone(now, actor.timeZone);
        const row = await repo.insertCredit(tx, {
          accountId: actor.accountId,
          eventId: event.id,
          reference: event.reference,
          amountCents: credit.amountCents,
          days: credit.days,
          requestedBy: actor.userId,
          requestedAt: now,
        });
        if (!row) {
          // lost a race to the same request: the unique insert waited for it to commit, so its credit reads now
          // (read committed); answered as "asked again": the credit already requested, posted once
          const committed = await repo.creditsOf(tx, actor.accountId);
          if (committed.some((c) => c.eventId === event.id)) return outageView(tx, actor, event, committed, now);
          throw new AppError('CONFLICT', 'the credit was requested at the same time');
        }
        for (const part of credit.parts.filter((p) => p.amountCents > 0)) {
          await billing.postCredit(tx, {
            accountId: actor.accountId,
            category: part.category,
            description: `Outage credit ${event.reference} (${part.days} ${part.days === 1 ? 'day' : 'days'})`,
            amountCents: part.amountCents,
            on: today,
            event: { type: 'outage_credit', data: { description: event.reference } },
          });
        }
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'outage_credit.requested',
          targetId: row.id,
          requestId: actor.requestId ?? null,
          data: { reference: event.reference, amountCents: credit.amountCents, days: credit.days },
        });
        return outageView(tx, actor, event, [...credits, row], now);
      });
    },

    /** What the service-interruption letter of an outage over at the account's location says. */
    async letter(actor: OutageCareActor, reference: string) {
      const now = clock.now();
      const { event, address } = await outageOfAccount(db, actor.accountId, reference, now);
      const { at, affectedMs } = affectedBy(event, now);
      if (!at?.endedAt) throw new AppError('CONFLICT', 'the outage is not over yet');
      const account = await repo.account(db, actor.accountId);
      if (!account) throw new AppError('NOT_FOUND', 'account');
      const requested = (await repo.creditsOf(db, actor.accountId)).find((row) => row.eventId === event.id);
      return {
        companyName: account.companyName,
        accountLast4: account.accountNumber.slice(-4),
        serviceAddress: addressLabel(address),
        reference: event.reference,
        region: event.region,
        services: event.services as LocationOutage['services'],
        cause: event.cause as 'fiber_cut' | 'power' | 'equipment' | 'weather' | 'upgrade',
        startsAt: event.startsAt,
        endedAt: at.endedAt,
        timeZone: actor.timeZone,
        affectedMinutes: Math.floor(affectedMs / 60_000),
        credit: requested
          ? {
              amountCents: requested.amountCents,
              days: requested.days,
              requestedOn: dateInZone(requested.requestedAt, actor.timeZone),
            }
          : null,
        issuedAt: now,
      };
    },
  };
}

export type OutageCareService = ReturnType<typeof createOutageCareService>;
