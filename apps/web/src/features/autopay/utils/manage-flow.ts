import type { AutoPayScope } from '@vireo/shared';
import type { ChangeContext, ChangeOutcome } from '../components/change-result';

/**
 * spec §2.4 manage Auto Pay: the summary, the method and date changes, the cancel dialog and a change's result, as
 * one state and its transitions (the manage view keeps no value of its own).
 */
export type ManageScreen =
  | { kind: 'summary' }
  | { kind: 'method' }
  | { kind: 'date' }
  | { kind: 'result'; context: ChangeContext; outcome: ChangeOutcome; back: 'summary' | 'method' | 'date' };

export type ManageChange = 'method' | 'date' | 'cancel';

export type ManageState = {
  view: ManageScreen;
  /** Whether the user has moved between views (a view then takes focus when it appears). */
  navigated: boolean;
  /** The enrolment whose cancellation is being confirmed (the dialog is open). */
  cancelScope: AutoPayScope | null;
  /** The change whose outcome is unknown: its screen offers to send it again (with the same key). */
  retry: ManageChange | null;
  /** Back on the summary from a result: "Change method" takes focus once it is rendered. */
  refocusChange: boolean;
};

export type ManageAction =
  | { type: 'go'; view: Exclude<ManageScreen, { kind: 'result' }> }
  | { type: 'askCancel'; scope: AutoPayScope }
  | { type: 'closeCancel' }
  | { type: 'sending' }
  | { type: 'outcomeUnknown'; change: ManageChange }
  | { type: 'result'; view: Extract<ManageScreen, { kind: 'result' }> }
  | { type: 'done' }
  | { type: 'summary' }
  | { type: 'refocused' };

export const MANAGE_START: ManageState = {
  view: { kind: 'summary' },
  navigated: false,
  cancelScope: null,
  retry: null,
  refocusChange: false,
};

export function manageFlow(state: ManageState, action: ManageAction): ManageState {
  switch (action.type) {
    case 'go':
      return { ...state, view: action.view, navigated: true };
    case 'askCancel':
      return { ...state, retry: null, cancelScope: action.scope };
    case 'closeCancel':
      return { ...state, cancelScope: null };
    case 'sending':
      return { ...state, retry: null };
    case 'outcomeUnknown':
      return { ...state, retry: action.change };
    case 'result':
      return { ...state, view: action.view, navigated: true, cancelScope: null };
    case 'done':
      return { ...state, view: { kind: 'summary' }, refocusChange: true };
    case 'summary':
      return { ...state, view: { kind: 'summary' } };
    case 'refocused':
      return { ...state, refocusChange: false };
  }
}
