import type { AUTO_PAY_SCOPES } from '../constants';
import { compareDates, type IsoDate } from '../dates';
import type { Cents } from '../money';
import type { MobileLineState } from './billing';
import { paymentAmountBounds } from './payments';

/**
 * Mobile billing rules (issue 7; spec §1, §4, §5; product-decisions.md; ADR 011). Mobile lines are billed on the
 * account's statement, in its Mobile section; the mobile balance is the part of the account's balance that the
 * mobile charges still make up.
 */

/** One statement's own charges, split: the Mobile section, and everything else (the first one's previous balance too). */
export type SplitStatement = { dueDate: IsoDate; mobileCents: Cents; coreCents: Cents };

/**
 * Splits what an account owes into its mobile and core parts (ADR 011). Posted payments settle statements oldest
 * first, as aging does: first every payment made outside the mobile flow (one-time, Auto Pay, store), each statement's
 * core charges before its Mobile section; then the payments made through the mobile flow, each statement's Mobile
 * section before its core charges. So a mobile payment always lowers the mobile balance while there is one. Payments
 * left over are a credit on the core side: `mobileCents + coreCents` is always the account's balance, and the mobile
 * part is never negative. The mobile past-due amount is what is unpaid of the Mobile sections already due.
 */
export function splitBalance(input: {
  statements: readonly SplitStatement[];
  mobilePaymentsCents: Cents;
  otherPaymentsCents: Cents;
  today: IsoDate;
}): { mobileCents: Cents; coreCents: Cents; mobilePastDueCents: Cents } {
  const open = input.statements.map((s) => ({ ...s }));
  const settle = (pool: Cents, order: ('coreCents' | 'mobileCents')[]): Cents => {
    let left = Math.max(pool, 0);
    for (const statement of open) {
      for (const part of order) {
        const paid = Math.min(left, Math.max(statement[part], 0));
        statement[part] -= paid;
        left -= paid;
      }
    }
    return left;
  };
  const credit =
    settle(input.otherPaymentsCents, ['coreCents', 'mobileCents']) +
    settle(input.mobilePaymentsCents, ['mobileCents', 'coreCents']);
  let mobileCents = open.reduce((n, s) => n + s.mobileCents, 0);
  let coreCents = open.reduce((n, s) => n + s.coreCents, 0) - credit;
  const mobilePastDueCents = open
    .filter((s) => compareDates(s.dueDate, input.today) < 0)
    .reduce((n, s) => n + Math.max(s.mobileCents, 0), 0);
  if (mobileCents < 0) {
    coreCents += mobileCents;
    mobileCents = 0;
  }
  return { mobileCents, coreCents, mobilePastDueCents: Math.min(mobilePastDueCents, mobileCents) };
}

/** spec §5 (variant): $1.00 minimum, or the balance when it is under one dollar; the maximum is the mobile balance. */
export function mobilePaymentBounds(mobileBalanceCents: Cents): { minCents: Cents; maxCents: Cents } {
  return paymentAmountBounds(mobileBalanceCents, Math.max(mobileBalanceCents, 0));
}

/** A device bought on instalments (product-decisions.md; the devices card of spec §2.4). */
export type DevicePlan = {
  monthlyInstalmentCents: Cents;
  remainingCents: Cents;
  instalmentsPaid: number;
  instalmentsTotal: number;
};

/** The instalment the next statement bills: the monthly amount, the rest on the last one, nothing once paid off. */
export function nextInstalmentCents(plan: DevicePlan): Cents {
  if (plan.remainingCents <= 0) return 0;
  if (plan.instalmentsPaid + 1 >= plan.instalmentsTotal) return plan.remainingCents;
  return Math.min(plan.monthlyInstalmentCents, plan.remainingCents);
}

/** Instalments still to bill: extra payments shorten the plan, the monthly amount stays the same. */
export function paymentsLeft(plan: DevicePlan): number {
  if (plan.remainingCents <= 0) return 0;
  const byAmount = Math.ceil(plan.remainingCents / Math.max(plan.monthlyInstalmentCents, 1));
  return Math.min(byAmount, Math.max(plan.instalmentsTotal - plan.instalmentsPaid, 1));
}

/** Paying a device's remaining balance in full ends its plan (the payoff amount). */
export function payoffCents(plan: DevicePlan): Cents {
  return Math.max(plan.remainingCents, 0);
}

/** An extra device payment: $1.00 (or the remaining balance when under a dollar) up to the remaining balance. */
export function devicePaymentBounds(plan: DevicePlan): { minCents: Cents; maxCents: Cents } {
  return paymentAmountBounds(plan.remainingCents, payoffCents(plan));
}

/**
 * What a device payment does to the plan and to the next bill (issue 7: shown before paying): the remaining balance
 * drops by the amount, the monthly instalment stays, so the plan ends sooner; the next bill changes only when what is
 * left is less than an instalment.
 */
export function devicePaymentEffect(plan: DevicePlan, amountCents: Cents) {
  const after: DevicePlan = { ...plan, remainingCents: Math.max(plan.remainingCents - amountCents, 0) };
  return {
    remainingBeforeCents: plan.remainingCents,
    remainingAfterCents: after.remainingCents,
    nextInstalmentBeforeCents: nextInstalmentCents(plan),
    nextInstalmentAfterCents: nextInstalmentCents(after),
    paymentsLeftBefore: paymentsLeft(plan),
    paymentsLeftAfter: paymentsLeft(after),
  };
}

/**
 * A non-pay interruption (hotlined or temporarily disconnected) is restored 1-2 hours after a payment clears what is
 * past due (spec §9); a disconnected line is not restored by paying.
 */
export function isNonPayInterruption(state: MobileLineState): boolean {
  return state === 'hotlined' || state === 'temporarily_disconnected';
}

/** What `mobileAutoPayOf` needs of a live Auto Pay enrolment. */
export type AutoPayCoverage = { scope: (typeof AUTO_PAY_SCOPES)[number]; methodType: 'card' | 'bank' };

/**
 * The one truth of "are the mobile lines on Auto Pay" (issue 14; spec §4; ADR 011), for every screen that says it: the
 * lines' own enrolment (scope `mobile`) when they have one; otherwise the core enrolment, whose draft charges the whole
 * balance, Mobile section included, when it drafts a card. spec §4: mobile Auto Pay cannot use a bank account, so a
 * core enrolment on a bank account leaves the lines needing Auto Pay with a card.
 */
export function mobileAutoPayOf<E extends AutoPayCoverage>(enrollments: readonly E[]): E | null {
  const own = enrollments.find((enrollment) => enrollment.scope === 'mobile');
  if (own) return own;
  return enrollments.find((enrollment) => enrollment.scope === 'core' && enrollment.methodType === 'card') ?? null;
}
