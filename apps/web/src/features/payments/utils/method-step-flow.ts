import type { SavedPaymentMethod, VaultToken } from '@vireo/shared';
import { type ErrorMessage, errorCode, paymentFailureMessage } from './payment-errors';
import type { ChosenMethod } from './payment-methods';

/** Step 2's choice: a saved method, a new card or bank account, or online banking. */
export type MethodSelection = { kind: 'saved'; id: string } | { kind: 'card' } | { kind: 'bank' } | { kind: 'online' };

/**
 * The method step's own state besides its fields (which the form kit holds): the vault token of a new card or
 * account (the card data itself leaves the page as soon as the vault holds it), the expiring card waiting for its
 * confirmation and the one already confirmed (product-decisions.md: a card expiring this month or next asks first),
 * the step's failure, and whether focus goes to the new method's summary (a prepaid card says it will not be saved).
 */
export type MethodStepState = {
  token: VaultToken | null;
  expiring: SavedPaymentMethod | null;
  confirmedSoon: string | null;
  failure: ErrorMessage | null;
  focusSummary: boolean;
};

export type MethodStepAction =
  /** Another row chosen, or the step submitted: an earlier failure goes. */
  | { type: 'retry' }
  | { type: 'askExpiring'; method: SavedPaymentMethod }
  | { type: 'confirmExpiring' }
  | { type: 'dismissExpiring' }
  /** The vault's token for the new card or account; a prepaid one stays on the step to say it is not saved. */
  | { type: 'tokenized'; token: VaultToken }
  /** "Use another card / account": the token is dropped. */
  | { type: 'discardToken' }
  | { type: 'summaryFocused' }
  | { type: 'failed'; failure: ErrorMessage };

export function methodStepStart(chosen: ChosenMethod | null): MethodStepState {
  return {
    token: chosen?.kind === 'new' && chosen.via !== 'online' ? chosen.token : null,
    expiring: null,
    confirmedSoon: null,
    failure: null,
    focusSummary: false,
  };
}

export function methodStepFlow(state: MethodStepState, action: MethodStepAction): MethodStepState {
  switch (action.type) {
    case 'retry':
      return state.failure ? { ...state, failure: null } : state;
    case 'askExpiring':
      return { ...state, expiring: action.method };
    case 'confirmExpiring':
      return state.expiring ? { ...state, confirmedSoon: state.expiring.id, expiring: null } : state;
    case 'dismissExpiring':
      return { ...state, expiring: null };
    case 'tokenized':
      return { ...state, token: action.token, focusSummary: action.token.funding === 'prepaid' };
    case 'discardToken':
      return { ...state, token: null };
    case 'summaryFocused':
      return { ...state, focusSummary: false };
    case 'failed':
      return { ...state, failure: action.failure };
  }
}

/** A failure of the security-code check or of the card vault, as a spec §8 title and sentence. */
export function stepFailure(error: unknown, fallback: ErrorMessage): ErrorMessage {
  const code = errorCode(error);
  return code && KNOWN_STEP_FAILURES.has(code) ? paymentFailureMessage(code) : fallback;
}

const KNOWN_STEP_FAILURES: ReadonlySet<string> = new Set([
  'SECURITY_CODE_MISMATCH',
  'CARD_NOT_VERIFIED',
  'CARD_EXPIRED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'CARD_ATTEMPTS_SLOWED',
  'CARD_ATTEMPTS_PAUSED',
]);
