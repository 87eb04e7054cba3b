import { describe, expect, it } from 'vitest';
import { walletVisa } from '../../../test/wallet';
import { changeResponse } from '../testing/autopay-fixtures';
import { type EnrollAction, enrollFlow, enrollStart } from './enroll-flow';

const method = walletVisa();
const run = (...actions: EnrollAction[]) => actions.reduce(enrollFlow, enrollStart(['core', 'mobile'], false));

describe('the Auto Pay enrolment flow (spec §2.4)', () => {
  it('starts on the services with every service offered, taking focus only when opened from elsewhere', () => {
    expect(enrollStart(['core'], false)).toMatchObject({ step: 'services', services: ['core'], navigated: false });
    expect(enrollStart(['core'], true).navigated).toBe(true);
  });

  it('goes services and method, day, review, keeping each answer through Back', () => {
    const review = run({ type: 'servicesAndMethod', services: ['core'], method }, { type: 'day', day: 5 });
    expect(review).toMatchObject({ step: 'review', navigated: true, services: ['core'], method, day: 5 });
    expect(enrollFlow(review, { type: 'back', to: 'day' })).toMatchObject({ step: 'day', day: 5, method });
    expect(enrollFlow(review, { type: 'paperless', paperless: true }).paperless).toBe(true);
  });

  it('offers to send again only while the outcome is unknown, and starts over after a failure with the answers kept', () => {
    const review = run({ type: 'servicesAndMethod', services: ['core'], method }, { type: 'day', day: 5 });
    const unknown = enrollFlow(review, { type: 'outcomeUnknown' });
    expect(unknown).toMatchObject({ step: 'review', retry: true });
    expect(enrollFlow(unknown, { type: 'sending' }).retry).toBe(false);
    const failed = enrollFlow(review, { type: 'result', outcome: { kind: 'error', code: 'X', unknown: false } });
    expect(failed.step).toBe('result');
    expect(enrollFlow(failed, { type: 'startOver' })).toMatchObject({
      step: 'services',
      outcome: null,
      day: 5,
      method,
    });
    const done = enrollFlow(review, {
      type: 'result',
      outcome: { kind: 'response', response: changeResponse('success', []) },
    });
    expect(done.outcome?.kind).toBe('response');
  });
});
