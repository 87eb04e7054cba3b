import {
  AppError,
  addDays,
  type ChangePreview,
  compareDates,
  cycleDate,
  type IsoDate,
  latestCycleDate,
  offerStanding,
  SERVICE_OFFERS,
  type ServiceOffer,
  type ServiceOfferId,
  type ServiceOrder,
  type ServiceState,
  type Statement,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { IdempotencyStore, IdempotentRequest, StoredResponse } from '../../platform/idempotency';
import type { AccountService } from '../account/account.service';
import type { BillingService, HypotheticalChange } from '../billing/billing.service';
import type { ServicesRepository } from './services.repository';

export type ChangeActor = { accountId: string; userId: string; requestId?: string };

export type ChangeOfServiceDeps = {
  db: Db;
  clock: Clock;
  repo: ServicesRepository;
  accounts: Pick<AccountService, 'get' | 'lock'>;
  billing: Pick<BillingService, 'previewStatement'>;
  audit: AuditRepository;
  idempotency: Pick<IdempotencyStore, 'claim' | 'complete'>;
};

type Charge = Awaited<ReturnType<ServicesRepository['chargesInEffect']>>[number];

const INTERNET_NAMES = new Set<string>(SERVICE_OFFERS.filter((o) => o.kind === 'internet').map((o) => o.name));

/** What the account has today, read from the monthly service charges in effect. */
function stateOf(charges: readonly Charge[]): ServiceState {
  const services = charges.filter((c) => c.kind === 'monthly_service');
  return {
    internetPlan:
      services.find((c) => c.category === 'internet' && INTERNET_NAMES.has(c.description))?.description ?? null,
    hasTv: services.some((c) => c.category === 'tv'),
    hasPhone: services.some((c) => c.category === 'phone'),
  };
}

const offerOf = (id: ServiceOfferId): ServiceOffer => SERVICE_OFFERS.find((o) => o.id === id) as ServiceOffer;

/** The change in billing terms, effective `today`: the old tier's last day is yesterday; the new charges start today. */
function changeOf(offer: ServiceOffer, charges: readonly Charge[], today: IsoDate): HypotheticalChange {
  const starting: HypotheticalChange['starting'] = [
    {
      category: offer.category,
      kind: 'monthly_service',
      description: offer.name,
      amountCents: offer.monthlyCents,
      startsOn: today,
      endsOn: null,
    },
  ];
  if (offer.equipment) {
    starting.push({
      category: offer.category,
      kind: 'equipment',
      description: offer.equipment.description,
      amountCents: offer.equipment.monthlyCents,
      startsOn: today,
      endsOn: null,
    });
  }
  const ending =
    offer.kind === 'internet'
      ? charges
          .filter((c) => c.kind === 'monthly_service' && c.category === 'internet' && INTERNET_NAMES.has(c.description))
          .map((c) => ({ id: c.id, endsOn: addDays(today, -1) }))
      : [];
  const oneTime = offer.installation
    ? [
        {
          category: offer.category,
          description: offer.installation.description,
          amountCents: offer.installation.amountCents,
          chargedOn: today,
        },
      ]
    : [];
  return { ending, starting, oneTime };
}

const viewOf = (statement: Statement) => ({
  lines: statement.lines.map(({ category, kind, description, amountCents, periodStart, periodEnd }) => ({
    category,
    kind,
    description,
    amountCents,
    periodStart,
    periodEnd,
  })),
  newChargesCents: statement.newChargesCents,
  totalDueCents: statement.totalDueCents,
});

/**
 * Change of service (issue 19 item 2, wider-portal.md §5): another internet tier, adding TV, adding a phone line. The
 * preview is the next statement as the billing engine builds it (the same inputs and `buildStatement` as the billing
 * run), with the change and without, and a whole cycle after it; confirming writes the change to the billing
 * engine's charges effective today (the old tier's last day yesterday), records the order with the preview it
 * showed, and audits it. The admin group's (`services.manage`); an enterprise account's billing is elsewhere.
 */
export function createChangeOfServiceService(deps: ChangeOfServiceDeps) {
  const { db, clock, repo, accounts, billing, audit, idempotency } = deps;

  async function accountOf(accountId: string) {
    const account = await accounts.get(db, accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing lives elsewhere');
    return account;
  }

  /** The next statement that bills today: the first cycle date after today. */
  const nextStatementDate = (today: string, cycleDay: number) => {
    const latest = latestCycleDate(today, cycleDay);
    return compareDates(latest, today) > 0 ? latest : cycleDate(latest, cycleDay, 1);
  };

  async function previewFor(
    account: { id: string; timeZone: string; cycleDay: number },
    offerId: ServiceOfferId,
    ex: Db | Tx = db,
  ): Promise<ChangePreview> {
    const today = clock.today(account.timeZone);
    const charges = await repo.chargesInEffect(ex, account.id, today);
    const offer = offerOf(offerId);
    const standing = offerStanding(offer, stateOf(charges));
    if (standing !== 'available') {
      throw new AppError('VALIDATION_FAILED', `offer ${offerId} is ${standing}`, {
        fields: [{ path: 'body.offer', code: `services.change.${standing}` }],
      });
    }
    const statementDate = nextStatementDate(today, account.cycleDay);
    const built = await billing.previewStatement(account.id, statementDate, changeOf(offer, charges, today), ex);
    return {
      offerId,
      effectiveOn: today,
      statementDate,
      current: viewOf(built.current),
      proposed: viewOf(built.proposed),
      monthly: built.monthly,
      installation: offer.installation !== undefined,
    };
  }

  return {
    async options(accountId: string) {
      const account = await accountOf(accountId);
      const state = stateOf(await repo.chargesInEffect(db, account.id, clock.today(account.timeZone)));
      return {
        offers: SERVICE_OFFERS.map((offer) => ({ ...offer, standing: offerStanding(offer, state) })),
      };
    },

    async preview(accountId: string, offerId: ServiceOfferId) {
      return previewFor(await accountOf(accountId), offerId);
    },

    /**
     * Makes the change (an Idempotency-Key: a second press is the same order). The account is locked, the offer
     * checked again, the charges written, the order kept with its preview, one audit entry.
     */
    async order(actor: ChangeActor, offerId: ServiceOfferId, key: IdempotentRequest): Promise<StoredResponse> {
      const account = await accountOf(actor.accountId);
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        await accounts.lock(tx, account.id);
        const shown = await previewFor(account, offerId, tx);
        const today = shown.effectiveOn;
        const charges = await repo.chargesInEffect(tx, account.id, today);
        await repo.applyChange(tx, account.id, changeOf(offerOf(offerId), charges, today), today);
        const order = await repo.insertOrder(tx, {
          accountId: account.id,
          offerId,
          status: shown.installation ? 'installation_needed' : 'completed',
          effectiveOn: today,
          preview: shown,
          createdByUserId: actor.userId,
          createdAt: clock.now(),
        });
        await audit.record(tx, {
          at: clock.now(),
          accountId: account.id,
          actorUserId: actor.userId,
          action: 'service.changed',
          targetId: order.id,
          requestId: actor.requestId ?? null,
          data: {
            offer: offerOf(offerId).name,
            amountCents: shown.monthly.proposedCents - shown.monthly.currentCents,
            effectiveOn: today,
          },
        });
        const body: ServiceOrder = {
          id: order.id,
          offerId,
          status: order.status,
          effectiveOn: today,
          preview: shown,
        };
        const response = { status: 201, body };
        await idempotency.complete(tx, claim.id, response, order.id);
        return response;
      });
    },
  };
}

export type ChangeOfServiceService = ReturnType<typeof createChangeOfServiceService>;
