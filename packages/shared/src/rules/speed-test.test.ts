import { describe, expect, it } from 'vitest';
import { INTERNET_PLAN_SPEEDS, latencyRisesUnderLoad, speedVerdict } from './speed-test';

describe('the speed test’s verdict', () => {
  const gig = INTERNET_PLAN_SPEEDS['Business Internet Gig'] ?? null;
  it.each([
    // 80 % of the plan or more: the line delivers the plan
    [1_000_000, 'planIsTheLimit'],
    [800_000, 'planIsTheLimit'],
    [799_999, 'belowPlan'],
    [95_000, 'belowPlan'],
  ] as const)('%d kbps on a 1 Gbps plan: %s', (downloadKbps, verdict) => {
    expect(speedVerdict({ downloadKbps }, gig)).toBe(verdict);
  });

  it('has nothing to compare with without a plan', () => {
    expect(speedVerdict({ downloadKbps: 50_000 }, null)).toBe('noPlan');
  });

  it.each([
    [12, 111, false],
    [12, 112, true],
    [40, 20, false],
  ])('idle %d ms, loaded %d ms: rises %s', (idleLatencyMs, loadedLatencyMs, rises) => {
    expect(latencyRisesUnderLoad({ idleLatencyMs, loadedLatencyMs })).toBe(rises);
  });
});
