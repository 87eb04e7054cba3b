import type { AutoPayScope, WalletMethod } from '@vireo/shared';
import type { ChangeOutcome } from '../components/change-result';

/**
 * spec §2.4 Auto Pay enrolment: services and method, debit day, review (with the terms), then the result; as one
 * state and its transitions, so that the flow keeps no value of its own and a transition is testable on its own.
 */
export type EnrollStep = 'services' | 'day' | 'review' | 'result';

export type EnrollState = {
  step: EnrollStep;
  /** Whether the user has moved between steps (a step then takes focus when it appears). */
  navigated: boolean;
  services: AutoPayScope[];
  method: WalletMethod | null;
  day: number | null;
  /** Paperless billing asked for with the enrolment. */
  paperless: boolean;
  outcome: ChangeOutcome | null;
  /** The last request's outcome is unknown: the review offers to send it again (with the same key). */
  retry: boolean;
};

export type EnrollAction =
  | { type: 'servicesAndMethod'; services: AutoPayScope[]; method: WalletMethod }
  | { type: 'day'; day: number }
  | { type: 'back'; to: Exclude<EnrollStep, 'result'> }
  | { type: 'paperless'; paperless: boolean }
  | { type: 'sending' }
  | { type: 'outcomeUnknown' }
  | { type: 'result'; outcome: ChangeOutcome }
  | { type: 'startOver' };

export function enrollStart(services: AutoPayScope[], focusFirstStep: boolean): EnrollState {
  return {
    step: 'services',
    navigated: focusFirstStep,
    services,
    method: null,
    day: null,
    paperless: false,
    outcome: null,
    retry: false,
  };
}

const goTo = (state: EnrollState, step: EnrollStep): EnrollState => ({ ...state, step, navigated: true });

export function enrollFlow(state: EnrollState, action: EnrollAction): EnrollState {
  switch (action.type) {
    case 'servicesAndMethod':
      return goTo({ ...state, services: action.services, method: action.method }, 'day');
    case 'day':
      return goTo({ ...state, day: action.day }, 'review');
    case 'back':
      return goTo(state, action.to);
    case 'paperless':
      return { ...state, paperless: action.paperless };
    case 'sending':
      return { ...state, retry: false };
    case 'outcomeUnknown':
      return { ...state, retry: true };
    case 'result':
      return goTo({ ...state, outcome: action.outcome }, 'result');
    case 'startOver':
      // after a failure, the answers are kept and the first step shows again
      return goTo({ ...state, outcome: null }, 'services');
  }
}
