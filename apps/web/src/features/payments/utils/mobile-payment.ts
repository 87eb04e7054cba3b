import type { MakeMobilePaymentRequest, MobileDevice, MobilePaymentTarget } from '@vireo/shared';
import type { MessageId } from '../../../messages';
import { type ChosenMethod, methodChoice } from './payment-methods';

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
