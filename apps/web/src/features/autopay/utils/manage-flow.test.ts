import { describe, expect, it } from 'vitest';
import { MANAGE_START, type ManageAction, manageFlow } from './manage-flow';

const run = (...actions: ManageAction[]) => actions.reduce(manageFlow, MANAGE_START);
const failed = {
  kind: 'result' as const,
  context: {
    change: 'date' as const,
    services: ['core' as const],
    paperless: false,
    methodLabel: 'Visa 4242',
    debitDay: 5,
  },
  outcome: { kind: 'error' as const, code: 'X', unknown: false },
  back: 'date' as const,
};

describe('managing Auto Pay (spec §2.4)', () => {
  it('opens a change from the summary and takes focus once moved', () => {
    expect(MANAGE_START).toMatchObject({ view: { kind: 'summary' }, navigated: false });
    expect(run({ type: 'go', view: { kind: 'method' } })).toMatchObject({ view: { kind: 'method' }, navigated: true });
  });

  it('confirms a cancellation in a dialog that a result closes', () => {
    const asking = run({ type: 'outcomeUnknown', change: 'cancel' }, { type: 'askCancel', scope: 'core' });
    expect(asking).toMatchObject({ cancelScope: 'core', retry: null });
    expect(manageFlow(asking, { type: 'closeCancel' }).cancelScope).toBeNull();
    expect(manageFlow(asking, { type: 'result', view: failed })).toMatchObject({ cancelScope: null, view: failed });
  });

  it('offers to send again only while the outcome is unknown', () => {
    const unknown = run({ type: 'go', view: { kind: 'date' } }, { type: 'outcomeUnknown', change: 'date' });
    expect(unknown.retry).toBe('date');
    expect(manageFlow(unknown, { type: 'sending' }).retry).toBeNull();
  });

  it('back on the summary after Done, "Change method" takes focus once, and not after a retry from the summary', () => {
    const done = run({ type: 'result', view: failed }, { type: 'done' });
    expect(done).toMatchObject({ view: { kind: 'summary' }, refocusChange: true });
    expect(manageFlow(done, { type: 'refocused' }).refocusChange).toBe(false);
    expect(run({ type: 'result', view: failed }, { type: 'summary' }).refocusChange).toBe(false);
  });
});
