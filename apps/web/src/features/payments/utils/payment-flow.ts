import type { IsoDate } from '@vireo/shared';
import type { AmountState } from '../components/amount-step';
import type { CombinedResult, Extras } from './combined-flow';
import { NO_EXTRAS } from './combined-flow';
import type { MethodSelection } from './method-step-flow';
import type { ChosenMethod } from './payment-methods';
import type { PaymentOutcome } from './payment-outcome';

/**
 * The one-time payment's steps (spec §2.4: amount, method, online-banking sign-in, date, review, result) as one
 * state and its transitions, so that the panel keeps no value of its own and a transition is testable on its own.
 */
export type FlowStep = 'amount' | 'method' | 'bankLogin' | 'date' | 'review' | 'result';

export type PaymentFlowState = {
  step: FlowStep;
  /** Whether the user has moved between steps (a step then takes focus when it appears). */
  navigated: boolean;
  amount: AmountState | null;
  /** The method chosen is (or will be) a bank account signed in to online: the flow has a fifth step. */
  online: boolean;
  chosen: ChosenMethod | null;
  /** Saved cards whose security code was checked in this flow. */
  verifiedIds: ReadonlySet<string>;
  date: IsoDate | null;
  outcome: PaymentOutcome | null;
  quickPayOpen: boolean;
  /** A new card or bank account form to open on the method step (from the online-banking step's ways out). */
  methodPreset: MethodSelection | null;
  /** Auto Pay and paperless, as asked for on the review step (spec §4 combined flows). */
  extras: Extras;
  /** The checkout's parts, with the debit day enrolled, when the payment asked for more than itself. */
  combined: (CombinedResult & { debitDay: number | null }) | null;
};

export type PaymentFlowAction =
  | { type: 'amount'; amount: AmountState }
  | { type: 'method'; chosen: ChosenMethod }
  | { type: 'onlineBanking' }
  | { type: 'methodForm'; kind: 'card' | 'bank' }
  | { type: 'date'; date: IsoDate }
  | { type: 'back'; to: Exclude<FlowStep, 'result'> }
  | { type: 'verified'; id: string }
  | { type: 'selection'; online: boolean }
  | { type: 'quickPay'; open: boolean }
  | { type: 'extras'; extras: Extras }
  | { type: 'paid'; outcome: PaymentOutcome; combined: PaymentFlowState['combined'] }
  | { type: 'tryAgain' }
  | { type: 'newPayment' };

export const PAYMENT_FLOW_START: PaymentFlowState = {
  step: 'amount',
  navigated: false,
  amount: null,
  online: false,
  chosen: null,
  verifiedIds: new Set(),
  date: null,
  outcome: null,
  quickPayOpen: false,
  methodPreset: null,
  extras: NO_EXTRAS,
  combined: null,
};

const goTo = (state: PaymentFlowState, step: FlowStep): PaymentFlowState => ({ ...state, step, navigated: true });

export function paymentFlow(state: PaymentFlowState, action: PaymentFlowAction): PaymentFlowState {
  switch (action.type) {
    case 'amount':
      return goTo({ ...state, amount: action.amount, methodPreset: null }, 'method');
    case 'method':
      return goTo({ ...state, chosen: action.chosen, methodPreset: null }, 'date');
    case 'onlineBanking':
      return goTo({ ...state, online: true, methodPreset: null }, 'bankLogin');
    case 'methodForm':
      return goTo({ ...state, online: false, methodPreset: { kind: action.kind } }, 'method');
    case 'date':
      return goTo({ ...state, date: action.date }, 'review');
    case 'back':
      return goTo(state, action.to);
    case 'verified':
      return { ...state, verifiedIds: new Set([...state.verifiedIds, action.id]) };
    case 'selection':
      return { ...state, online: action.online };
    case 'quickPay':
      return { ...state, quickPayOpen: action.open };
    case 'extras':
      return { ...state, extras: action.extras };
    case 'paid':
      // a checkout that ran its parts has done what was asked: the offers start again unticked
      return goTo(
        {
          ...state,
          outcome: action.outcome,
          combined: action.combined,
          quickPayOpen: false,
          extras: action.combined ? NO_EXTRAS : state.extras,
        },
        'result',
      );
    case 'tryAgain': {
      // the amount (and date) are kept; the method is chosen again
      const amount = state.amount ?? {
        choice: 'due' as const,
        otherText: '',
        amountCents: state.outcome?.amountCents ?? 0,
      };
      return goTo(
        {
          ...state,
          amount,
          chosen: null,
          verifiedIds: new Set(),
          outcome: null,
          combined: null,
          online: false,
          methodPreset: null,
        },
        'method',
      );
    }
    case 'newPayment':
      return goTo({ ...PAYMENT_FLOW_START, extras: state.extras, methodPreset: state.methodPreset }, 'amount');
  }
}

/** The step's number and the count of steps (five with the online-banking sign-in, four without). */
export function stepNumber(state: Pick<PaymentFlowState, 'online'>, step: Exclude<FlowStep, 'result'>) {
  const { online } = state;
  const number: Record<Exclude<FlowStep, 'result'>, number> = {
    amount: 1,
    method: 2,
    bankLogin: 3,
    date: online ? 4 : 3,
    review: online ? 5 : 4,
  };
  return { current: number[step], total: online ? 5 : 4 };
}
