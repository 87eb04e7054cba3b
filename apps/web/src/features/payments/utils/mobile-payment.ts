import type { MakeMobilePaymentRequest, MobileDevice, MobilePaymentTarget } from '@vireo/shared';
import type { MessageId } from '../../../messages';
import { type ChosenMethod, methodChoice } from './payment-methods';
import type { PaymentOutcome } from './payment-outcome';

/**
 * Step 1 of a mobile payment (issue 7): the mobile balance, another amount toward it, or a device (its payoff, or an
 * extra payment with an amount of its own). A choice is `balance`, `other`, `payoff:<deviceId>` or `extra:<deviceId>`.
 */
export type MobileAmountChoice = 'balance' | 'other' | `payoff:${string}` | `extra:${string}`;

export type MobileAmountState = {
  choice: MobileAmountChoice;
  otherText: string;
  extraText: string;
  target: MobilePaymentTarget;
  amountCents: number;
  /** The device paid, as it was when the amount was chosen (the review and the result describe that). */
  device: MobileDevice | null;
};

/** The device links of the mobile billing home: `?device=<id>&kind=payoff|extra` preselects that device. */
export type MobilePaymentPreset = { deviceId: string; kind: 'payoff' | 'extra' };

export function presetChoice(preset: MobilePaymentPreset | null): MobileAmountChoice | null {
  return preset ? `${preset.kind}:${preset.deviceId}` : null;
}

/**
 * What the amount step starts on (issue 14): the user's own choice (coming back to the step, or the device link they
 * followed), else the mobile balance when something is due. Never a device payoff nobody asked for: with nothing
 * due, nothing is chosen until the user picks.
 */
export function initialChoice(
  available: readonly MobileAmountChoice[],
  asked: readonly (MobileAmountChoice | null | undefined)[],
): MobileAmountChoice | null {
  for (const candidate of asked) if (candidate && available.includes(candidate)) return candidate;
  return available.includes('balance') ? 'balance' : null;
}

export function deviceOfChoice(choice: MobileAmountChoice, devices: readonly MobileDevice[]): MobileDevice | null {
  const [kind, id] = choice.split(':');
  if (kind !== 'payoff' && kind !== 'extra') return null;
  return devices.find((device) => device.id === id) ?? null;
}

export function targetOf(choice: MobileAmountChoice, device: MobileDevice | null): MobilePaymentTarget {
  if (device && choice.startsWith('payoff:')) return { kind: 'devicePayoff', deviceId: device.id };
  if (device && choice.startsWith('extra:')) return { kind: 'deviceExtra', deviceId: device.id };
  return { kind: 'balance' };
}

export function mobilePaymentRequest(amount: MobileAmountState, chosen: ChosenMethod): MakeMobilePaymentRequest {
  return { target: amount.target, amountCents: amount.amountCents, method: methodChoice(chosen) };
}

/** What the payment pays, for the review and the receipt ("Payment for"). */
export function paymentForId(target: MobilePaymentTarget): MessageId {
  if (target.kind === 'devicePayoff') return 'payments.mobile.for.payoff';
  if (target.kind === 'deviceExtra') return 'payments.mobile.for.extra';
  return 'payments.mobile.for.balance';
}

/** spec §2.4 mobile: the payment's steps (amount, method, review, result) as one state and its transitions. */
export type MobileFlowStep = 'amount' | 'method' | 'review' | 'result';

export type MobileFlowState = {
  step: MobileFlowStep;
  /** Whether the user has moved between steps (a step then takes focus when it appears). */
  navigated: boolean;
  amount: MobileAmountState | null;
  chosen: ChosenMethod | null;
  /** Saved cards whose security code was checked in this flow. */
  verifiedIds: ReadonlySet<string>;
  outcome: PaymentOutcome | null;
};

export type MobileFlowAction =
  | { type: 'amount'; amount: MobileAmountState }
  | { type: 'method'; chosen: ChosenMethod }
  | { type: 'back'; to: Exclude<MobileFlowStep, 'result'> }
  | { type: 'verified'; id: string }
  | { type: 'paid'; outcome: PaymentOutcome }
  | { type: 'tryAgain' }
  | { type: 'newPayment' };

export const MOBILE_FLOW_START: MobileFlowState = {
  step: 'amount',
  navigated: false,
  amount: null,
  chosen: null,
  verifiedIds: new Set(),
  outcome: null,
};

export function mobileFlow(state: MobileFlowState, action: MobileFlowAction): MobileFlowState {
  const goTo = (next: Partial<MobileFlowState>, step: MobileFlowStep) => ({ ...state, ...next, step, navigated: true });
  switch (action.type) {
    case 'amount':
      return goTo({ amount: action.amount }, 'method');
    case 'method':
      return goTo({ chosen: action.chosen }, 'review');
    case 'back':
      return goTo({}, action.to);
    case 'verified':
      return { ...state, verifiedIds: new Set([...state.verifiedIds, action.id]) };
    case 'paid':
      return goTo({ outcome: action.outcome }, 'result');
    case 'tryAgain':
      // the amount is kept; the method is chosen again
      return goTo({ chosen: null, verifiedIds: new Set(), outcome: null }, 'method');
    case 'newPayment':
      return goTo({ amount: null, chosen: null, verifiedIds: new Set(), outcome: null }, 'amount');
  }
}
