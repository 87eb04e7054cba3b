import { describe, expect, it } from 'vitest';
import { vaultToken } from '../../../test/wallet';
import { visa } from '../testing/payment-fixtures';
import { type MethodStepAction, methodStepFlow, methodStepStart } from './method-step-flow';

const run = (...actions: MethodStepAction[]) => actions.reduce(methodStepFlow, methodStepStart(null));

describe('the method step (spec §2.4 step 2)', () => {
  it('starts from the token chosen before, coming back to the step; online banking has none', () => {
    const token = vaultToken();
    expect(methodStepStart({ kind: 'new', token, save: true, via: 'card' }).token).toBe(token);
    expect(methodStepStart({ kind: 'saved', method: visa() }).token).toBeNull();
  });

  it('asks about a card expiring soon once: confirmed, it is not asked again; dismissed, nothing is confirmed', () => {
    const soon = visa({ expiringSoon: true });
    const asked = run({ type: 'askExpiring', method: soon });
    expect(asked.expiring).toBe(soon);
    expect(methodStepFlow(asked, { type: 'confirmExpiring' })).toMatchObject({
      expiring: null,
      confirmedSoon: soon.id,
    });
    expect(methodStepFlow(asked, { type: 'dismissExpiring' })).toMatchObject({ expiring: null, confirmedSoon: null });
  });

  it('keeps a prepaid token on the step and moves focus to its summary once', () => {
    const prepaid = vaultToken({ funding: 'prepaid' });
    const state = run({ type: 'tokenized', token: prepaid });
    expect(state).toMatchObject({ token: prepaid, focusSummary: true });
    expect(methodStepFlow(state, { type: 'summaryFocused' }).focusSummary).toBe(false);
    expect(run({ type: 'tokenized', token: vaultToken() }).focusSummary).toBe(false);
    expect(methodStepFlow(state, { type: 'discardToken' }).token).toBeNull();
  });

  it('shows a failure until the next try', () => {
    const failure = { titleId: 'payments.errors.addMethod.title', bodyId: 'payments.errors.addMethod.body' } as const;
    const failed = run({ type: 'failed', failure });
    expect(failed.failure).toEqual(failure);
    expect(methodStepFlow(failed, { type: 'retry' }).failure).toBeNull();
  });
});
