import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../../test/manual-clock';
import { createSessionTimeout, type SessionTimeoutState } from './session-timeout';

function setup() {
  const clock = manualClock();
  const ping = vi.fn(async () => undefined);
  const onExpire = vi.fn();
  const states: SessionTimeoutState[] = [];
  const controller = createSessionTimeout({ ping, onExpire, onChange: (state) => states.push(state), clock });
  controller.start();
  const last = () => states.at(-1);
  return { clock, ping, onExpire, controller, last, states };
}

describe('session timeout (spec §4 / §9)', () => {
  it('pings every 30 s while the user is active, and not when idle', () => {
    const { clock, ping, controller } = setup();
    clock.advance(10_000);
    controller.recordActivity();
    clock.advance(19_000);
    expect(ping).not.toHaveBeenCalled();
    clock.advance(1_000); // 30 s
    expect(ping).toHaveBeenCalledTimes(1);

    clock.advance(30_000); // 60 s, no activity since the last ping
    expect(ping).toHaveBeenCalledTimes(1);

    controller.recordActivity();
    controller.recordActivity();
    clock.advance(30_000); // 90 s
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('opens the warning after 780 s without activity and counts 120 s down', () => {
    const { clock, last, states } = setup();
    clock.advance(779_000);
    expect(states).toEqual([]);
    clock.advance(1_000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 120 });
    clock.advance(45_000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 75 });
  });

  it('counts idle time from the last activity', () => {
    const { clock, controller, states } = setup();
    clock.advance(700_000);
    controller.recordActivity();
    clock.advance(779_000);
    expect(states).toEqual([]);
    clock.advance(1_000);
    expect(states.at(-1)).toEqual({ phase: 'warning', secondsLeft: 120 });
  });

  it('signs out when the countdown reaches zero, once', () => {
    const { clock, onExpire, ping } = setup();
    clock.advance(780_000 + 119_000);
    expect(onExpire).not.toHaveBeenCalled();
    clock.advance(1_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    clock.advance(600_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(ping).not.toHaveBeenCalled();
  });

  it('ignores activity while the warning shows: only "Stay signed in" keeps the session', () => {
    const { clock, controller, onExpire } = setup();
    clock.advance(800_000);
    controller.recordActivity();
    clock.advance(100_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('Stay signed in pings, closes the warning and starts the idle time again', async () => {
    const { clock, controller, ping, last, onExpire } = setup();
    clock.advance(790_000);
    await controller.staySignedIn();
    expect(ping).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ phase: 'active' });
    clock.advance(779_000);
    expect(last()).toEqual({ phase: 'active' });
    clock.advance(1_000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 120 });
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('signs out on time even when the browser throttled the timer (background tab)', () => {
    let now = 0;
    let tick: () => void = () => undefined;
    const onExpire = vi.fn();
    const onChange = vi.fn();
    const controller = createSessionTimeout({
      ping: async () => undefined,
      onExpire,
      onChange,
      clock: {
        now: () => now,
        setInterval: (callback) => {
          tick = callback;
          return 1;
        },
        clearInterval: () => undefined,
      },
    });
    controller.start();
    // Only two late ticks in 15 minutes: time, not the number of ticks, decides.
    now = 800_000;
    tick();
    expect(onChange).toHaveBeenLastCalledWith({ phase: 'warning', secondsLeft: 120 });
    now = 920_000;
    tick();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops ticking when stopped', () => {
    const { clock, controller, onExpire, states } = setup();
    controller.stop();
    clock.advance(2_000_000);
    expect(states).toEqual([]);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
