import {
  AppError,
  isNonPayInterruption,
  type MakeMobilePaymentRequest,
  MOBILE_LINE_STATES,
  type MobileBilling,
  type MobileDevice,
  type MobileLineState,
  type MobileOrder,
  type MobilePaymentOptions,
  type MobileServiceBilling,
  mobileAutoPayOf,
  mobilePaymentBounds,
  nextInstalmentCents,
  type PageQuery,
  paymentMethodLabel,
  paymentsLeft,
  payoffCents,
  type Subscription,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { IdempotentRequest, StoredResponse } from '../../platform/idempotency';
import type { AccountService } from '../account/account.service';
import type { AutoPayService } from '../autopay/autopay.service';
import { type BillingService, statementsVisibleOn } from '../billing/billing.service';
import { type DeviceRow, endChargeAfterLastBill } from '../billing/device-plans';
import { type BillingSystem, BillingSystemError, type BillingSystemOperation } from '../billing-system/billing-system';
import { MOBILE_RESTORE_JOB, type PaymentActor, type PaymentsService } from '../payments/payments.service';
import { createMobileRepository, type MobileRepository, type SubscriptionRow } from './mobile.repository';

export type MobileServiceDeps = {
  db: Db;
  clock: Clock;
  billing: BillingService;
  payments: PaymentsService;
  billingSystem: BillingSystem;
  autopay: Pick<AutoPayService, 'enrolments'>;
  accounts: Pick<AccountService, 'get'>;
  audit: AuditRepository;
  repo?: MobileRepository;
};

/**
 * Mobile billing and streaming subscriptions (issue 7; spec §1, §2.4, §4, §5, §8, §9; ADR 011). Reads ask the
 * provider's mobile billing system first (simulated: it only fails when a fault is armed), so an outage shows the
 * spec §8 titles; payments go through the payments module with a mobile or device target.
 */
export function createMobileService({
  db,
  clock,
  billing,
  payments,
  billingSystem,
  autopay,
  accounts,
  audit: auditLog,
  repo = createMobileRepository(),
}: MobileServiceDeps) {
  const { history } = billing;

  function ask(operation: BillingSystemOperation) {
    try {
      billingSystem.call(operation);
    } catch (error) {
      if (error instanceof BillingSystemError) {
        throw new AppError(
          operation === 'subscriptions' ? 'SERVICE_UNAVAILABLE' : 'MOBILE_BILLING_UNAVAILABLE',
          error.message,
        );
      }
      throw error;
    }
  }

  /** The caller's billing account (enterprise accounts are billed on the enterprise site, product-decisions.md). */
  async function billingAccount(actor: PaymentActor) {
    const account = await accounts.get(db, actor.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    return account;
  }

  /**
   * The caller's account, which must have mobile lines: without them there is nothing to read or pay, which is not a
   * failure (issue 14): 404 NO_MOBILE_SERVICE, apart from an unknown id's NOT_FOUND and an outage's 503.
   */
  async function mobileAccount(actor: PaymentActor) {
    const account = await billingAccount(actor);
    if (!(await billing.hasMobile(account.id))) throw new AppError('NO_MOBILE_SERVICE', 'no mobile lines');
    return account;
  }

  /**
   * Whether the lines are on Auto Pay: read from the same enrolments as the core billing's Auto Pay status, by the one
   * rule of `mobileAutoPayOf` (issue 14; ADR 011: the core draft charges the Mobile section too).
   */
  async function mobileAutoPay(accountId: string): Promise<MobileServiceBilling['autoPay']> {
    const enrolled = await autopay.enrolments(accountId);
    const covering = mobileAutoPayOf(
      enrolled.map((row) => ({ scope: row.enrollment.scope, methodType: row.method.type, row })),
    );
    if (!covering) return { enrolled: false, scope: null, methodLabel: null, debitDay: null };
    return {
      enrolled: true,
      scope: covering.scope,
      methodLabel: paymentMethodLabel(covering.row.method),
      debitDay: covering.row.enrollment.debitDay,
    };
  }

  function deviceOf({
    device,
    line,
  }: {
    device: DeviceRow;
    line: { phoneNumber: string; label: string };
  }): MobileDevice {
    return {
      id: device.id,
      lineId: device.lineId,
      lineLabel: line.label,
      phoneNumber: line.phoneNumber,
      model: device.model,
      financedCents: device.financedCents,
      monthlyInstalmentCents: device.monthlyInstalmentCents,
      nextInstalmentCents: nextInstalmentCents(device),
      remainingCents: device.remainingCents,
      payoffCents: payoffCents(device),
      instalmentsPaid: device.instalmentsPaid,
      instalmentsTotal: device.instalmentsTotal,
      paymentsLeft: paymentsLeft(device),
    };
  }

  async function subscriptionOf(accountId: string, row: SubscriptionRow, visibleOn: string): Promise<Subscription> {
    const charges = row.recurringChargeId ? await repo.chargesOf(db, accountId, row.recurringChargeId, visibleOn) : [];
    return {
      id: row.id,
      provider: row.provider,
      planName: row.planName,
      priceCents: row.priceCents,
      status: row.status,
      startedOn: row.startedOn,
      nextChargeOn: row.nextChargeOn,
      cancelledOn: row.cancelledAt ? row.cancelledAt.toISOString().slice(0, 10) : null,
      charges,
    };
  }

  return {
    /** The mobile billing home (spec §2.4; §4 mobile delinquency; §9 restore). */
    async getBilling(actor: PaymentActor): Promise<MobileBilling> {
      const account = await billingAccount(actor);
      // issue 14: no mobile lines is a state the home shows (an offer), not an error
      if (!(await billing.hasMobile(account.id))) return { hasMobileService: false };
      ask('mobileBilling');
      const today = clock.today(account.timeZone);
      const split = await billing.getMobileSplit(account.id);
      const lines = await repo.lines(db, account.id);
      // the lines share the account's aging; the most severe one speaks for them
      const state = lines.reduce<MobileLineState>(
        (worst, line) =>
          MOBILE_LINE_STATES.indexOf(line.status) > MOBILE_LINE_STATES.indexOf(worst) ? line.status : worst,
        'active',
      );
      const restoreBy = isNonPayInterruption(state)
        ? await repo.pendingRestore(db, account.id, MOBILE_RESTORE_JOB)
        : null;
      return {
        hasMobileService: true,
        balanceCents: split.balanceCents,
        pastDueCents: split.pastDueCents,
        dueDate: split.summary.latestStatement?.dueDate ?? null,
        daysPastDue: split.summary.daysPastDue,
        state,
        nonPayInterruption: isNonPayInterruption(state),
        restoreBy: restoreBy?.toISOString() ?? null,
        lines: lines.map((line) => ({
          id: line.id,
          phoneNumber: line.phoneNumber,
          label: line.label,
          planName: line.planName,
          status: line.status,
        })),
        nextBillEstimateCents: await repo.nextMobileChargesCents(
          db,
          account.id,
          (await repo.latestStatementDate(db, account.id)) ?? today,
        ),
        autoPay: await mobileAutoPay(account.id),
      };
    },

    /** The devices card: each device's instalment plan. */
    async getDevices(actor: PaymentActor): Promise<{ devices: MobileDevice[] }> {
      const account = await mobileAccount(actor);
      ask('mobileDevices');
      return { devices: (await repo.devices(db, account.id)).map(deviceOf) };
    },

    /** What the mobile payment screens need: the dynamic maximum, the wallet and the devices (spec §5). */
    async getPaymentOptions(actor: PaymentActor): Promise<MobilePaymentOptions> {
      const account = await mobileAccount(actor);
      ask('mobileBilling');
      const options = await payments.getOptions(actor);
      const split = await billing.getMobileSplit(account.id);
      const bounds = mobilePaymentBounds(split.balanceCents);
      return {
        balanceCents: split.balanceCents,
        minCents: bounds.minCents,
        maxCents: bounds.maxCents,
        restriction: options.restriction,
        today: options.today,
        methods: options.methods,
        devices: (await repo.devices(db, account.id)).map(deviceOf),
        receiptEmail: options.receiptEmail,
      };
    },

    /** Pays the mobile balance or a device, today (spec §2.4). The answer is the one-time payment's. */
    async pay(actor: PaymentActor, body: MakeMobilePaymentRequest, key: IdempotentRequest): Promise<StoredResponse> {
      await mobileAccount(actor);
      const { target, ...request } = body;
      return payments.makePayment(
        actor,
        request,
        key,
        target.kind === 'balance' ? { kind: 'mobile' } : { kind: target.kind, deviceId: target.deviceId },
      );
    },

    async listTransactions(actor: PaymentActor, query: PageQuery & { type?: 'all' | 'payments' | 'refunds' }) {
      const account = await mobileAccount(actor);
      ask('mobileTransactions');
      const { type = 'all', ...page } = query;
      const visibleOn = statementsVisibleOn(clock.today(account.timeZone));
      return history.mobileTransactions(account.id, { ...page, visibleOn }, type);
    },

    async listOrders(actor: PaymentActor) {
      const account = await mobileAccount(actor);
      ask('mobileOrders');
      return {
        orders: (await repo.orders(db, account.id)).map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          placedOn: order.placedOn,
          status: order.status,
          totalCents: order.totalCents,
          itemCount: order.items.reduce((n, item) => n + item.quantity, 0),
        })),
      };
    },

    async getOrder(actor: PaymentActor, orderId: string): Promise<MobileOrder> {
      const account = await mobileAccount(actor);
      ask('mobileOrders');
      const order = await repo.order(db, account.id, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'order');
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        placedOn: order.placedOn,
        status: order.status,
        totalCents: order.totalCents,
        itemCount: order.items.reduce((n, item) => n + item.quantity, 0),
        items: order.items.map((item) => ({ ...item, totalCents: item.quantity * item.unitPriceCents })),
        subtotalCents: order.subtotalCents,
        taxCents: order.taxCents,
        shippingCents: order.shippingCents,
        shipTo: order.shipTo,
      };
    },

    /** Streaming subscriptions billed through the account, with their charges (spec §2.4 streaming transactions). */
    async listSubscriptions(actor: PaymentActor): Promise<{ subscriptions: Subscription[] }> {
      const account = await billingAccount(actor);
      ask('subscriptions');
      const visibleOn = statementsVisibleOn(clock.today(account.timeZone));
      const rows = await repo.subscriptions(db, account.id);
      const subscriptions: Subscription[] = [];
      for (const row of rows) subscriptions.push(await subscriptionOf(account.id, row, visibleOn));
      return { subscriptions };
    },

    /**
     * Cancels a subscription: its charge ends after the last day a statement already billed, so the next statement
     * does not charge it. Cancelling a cancelled subscription answers it as it is.
     */
    async cancelSubscription(actor: PaymentActor, subscriptionId: string): Promise<Subscription> {
      const account = await billingAccount(actor);
      ask('subscriptions');
      const row = await db.transaction(async (tx) => {
        const subscription = await repo.lockSubscription(tx, account.id, subscriptionId);
        if (!subscription) throw new AppError('NOT_FOUND', 'subscription');
        if (subscription.status === 'cancelled') return subscription;
        const now = clock.now();
        const cancelled = await repo.cancelSubscription(tx, subscription.id, now);
        if (subscription.recurringChargeId) {
          await endChargeAfterLastBill(tx, account.id, subscription.recurringChargeId);
        }
        await auditLog.record(tx, {
          at: now,
          actorUserId: actor.userId,
          accountId: account.id,
          action: 'subscription.cancelled',
          targetId: subscription.id,
          data: { provider: subscription.provider, plan: subscription.planName },
        });
        return cancelled;
      });
      return subscriptionOf(account.id, row, statementsVisibleOn(clock.today(account.timeZone)));
    },
  };
}

export type MobileService = ReturnType<typeof createMobileService>;
