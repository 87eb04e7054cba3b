import { describe, expect, it } from 'vitest';
import { vaultToken } from '../../../test/wallet';
import { checking, visa } from '../testing/payment-fixtures';
import { NO_EXTRAS } from './combined-flow';
import { MOBILE_FLOW_START, type MobileAmountState, type MobileFlowAction, mobileFlow } from './mobile-payment';
import { PAYMENT_FLOW_START, type PaymentFlowAction, paymentFlow, stepNumber } from './payment-flow';
import type { PaymentOutcome } from './payment-outcome';

const run = (...actions: PaymentFlowAction[]) => actions.reduce(paymentFlow, PAYMENT_FLOW_START);
const amount = { choice: 'other' as const, otherText: '12.34', amountCents: 1234 };
const saved = { kind: 'saved' as const, method: visa() };
const declined: PaymentOutcome = {
  kind: 'error',
  code: 'PAYMENT_DECLINED',
  fields: [],
  amountCents: 1234,
  date: '2026-11-21',
};

describe('the one-time payment flow (spec §2.4)', () => {
  it('goes amount, method, date, review, keeping each answer, and takes focus once moved', () => {
    expect(PAYMENT_FLOW_START.navigated).toBe(false);
    const state = run(
      { type: 'amount', amount },
      { type: 'method', chosen: saved },
      { type: 'date', date: '2026-11-25' },
    );
    expect(state).toMatchObject({ step: 'review', navigated: true, amount, chosen: saved, date: '2026-11-25' });
    expect(stepNumber(state, 'review')).toEqual({ current: 4, total: 4 });
    expect(run({ type: 'amount', amount }, { type: 'back', to: 'amount' }).amount).toEqual(amount);
  });

  it('counts five steps with the online-banking sign-in, and its ways out open a form on the method step', () => {
    const online = run({ type: 'amount', amount }, { type: 'onlineBanking' });
    expect(online.step).toBe('bankLogin');
    expect(stepNumber(online, 'date')).toEqual({ current: 4, total: 5 });
    const manual = paymentFlow(online, { type: 'methodForm', kind: 'bank' });
    expect(manual).toMatchObject({ step: 'method', online: false, methodPreset: { kind: 'bank' } });
    // choosing a method leaves the preset behind
    const token = { kind: 'new' as const, token: vaultToken(), save: true, via: 'bank' as const };
    expect(paymentFlow(manual, { type: 'method', chosen: token }).methodPreset).toBeNull();
  });

  it('remembers the saved cards whose security code was checked, until the method is chosen again', () => {
    const state = run({ type: 'verified', id: 'a' }, { type: 'verified', id: 'b' });
    expect([...state.verifiedIds]).toEqual(['a', 'b']);
    const tried = run(
      { type: 'verified', id: 'a' },
      { type: 'paid', outcome: declined, combined: null },
      { type: 'tryAgain' },
    );
    expect(tried.verifiedIds.size).toBe(0);
  });

  it('after a failed payment, tries again from the method with the amount and date kept', () => {
    const state = run(
      { type: 'amount', amount },
      { type: 'method', chosen: { kind: 'saved', method: checking() } },
      { type: 'date', date: '2026-11-25' },
      { type: 'paid', outcome: declined, combined: null },
    );
    expect(state.step).toBe('result');
    const again = paymentFlow(state, { type: 'tryAgain' });
    expect(again).toMatchObject({ step: 'method', amount, date: '2026-11-25', chosen: null, outcome: null });
    // a quick payment had no amount step: its amount is the one paid
    const quick = run({ type: 'quickPay', open: true }, { type: 'paid', outcome: declined, combined: null });
    expect(quick.quickPayOpen).toBe(false);
    expect(paymentFlow(quick, { type: 'tryAgain' }).amount).toEqual({
      choice: 'due',
      otherText: '',
      amountCents: 1234,
    });
  });

  it('a new payment starts over; a checkout that ran clears the offers it took', () => {
    const asked = { ...NO_EXTRAS, autoPay: true, paperless: true };
    const combined = { outcome: 'success' as const, parts: [], debitDay: 5 };
    const afterCheckout = run({ type: 'extras', extras: asked }, { type: 'paid', outcome: declined, combined });
    expect(afterCheckout).toMatchObject({ extras: NO_EXTRAS, combined });
    const afterPlain = run({ type: 'extras', extras: asked }, { type: 'paid', outcome: declined, combined: null });
    expect(afterPlain.extras).toEqual(asked);
    const fresh = paymentFlow(run({ type: 'amount', amount }, { type: 'method', chosen: saved }), {
      type: 'newPayment',
    });
    expect(fresh).toMatchObject({ step: 'amount', navigated: true, amount: null, chosen: null, date: null });
  });
});

describe('the mobile payment flow (spec §2.4 mobile)', () => {
  const balance: MobileAmountState = {
    choice: 'balance',
    otherText: '',
    extraText: '',
    amountCents: 8_500,
    target: { kind: 'balance' },
    device: null,
  };
  const pay = (...actions: MobileFlowAction[]) => actions.reduce(mobileFlow, MOBILE_FLOW_START);

  it('goes amount, method, review, result; tries again from the method with the amount kept', () => {
    const review = pay({ type: 'amount', amount: balance }, { type: 'method', chosen: saved });
    expect(review).toMatchObject({ step: 'review', navigated: true, amount: balance, chosen: saved });
    const failed = pay(
      { type: 'amount', amount: balance },
      { type: 'verified', id: 'a' },
      { type: 'paid', outcome: declined },
    );
    expect(failed.step).toBe('result');
    const again = mobileFlow(failed, { type: 'tryAgain' });
    expect(again).toMatchObject({ step: 'method', amount: balance, chosen: null, outcome: null });
    expect(again.verifiedIds.size).toBe(0);
    expect(mobileFlow(failed, { type: 'newPayment' })).toMatchObject({ step: 'amount', amount: null });
  });
});
