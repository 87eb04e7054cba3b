import { describe, expect, it } from 'vitest';
import { jitter, kbpsOf, median, type Progress, runSpeedTest, SPEED_TEST_PLAN, type SpeedTestIo } from './measure';

/**
 * A simulated line: one clock for everything, download and upload bytes each taking their time at the line's rate
 * (shared by the parallel streams, as a real line is), a ping taking its round trip, longer while bytes move.
 */
function line(options: { downKbps: number; upKbps: number; idleMs: number; loadedMs: number; idleSpread?: number[] }) {
  let now = 0;
  let busy = 0;
  let pings = 0;
  // small parts: the clock moves in steps of a part's time on the line, which a round trip may overshoot by
  const CHUNK = 8 * 1024;
  const move = async (bytes: number, kbps: number, signal: AbortSignal, onChunk: (count: number) => void) => {
    busy++;
    try {
      for (let left = bytes; left > 0; left -= CHUNK) {
        await Promise.resolve();
        if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
        const chunk = Math.min(CHUNK, left);
        now += (chunk * 8) / kbps;
        onChunk(chunk);
      }
    } finally {
      busy--;
    }
  };
  const io: SpeedTestIo = {
    download: (bytes, signal, onBytes) => move(bytes, options.downKbps, signal, onBytes),
    upload: (bytes, signal, onBytes) => move(bytes, options.upKbps, signal, onBytes),
    // a round trip ends its latency after it began on the line's clock; while bytes move, they move the clock
    async ping() {
      const spread = options.idleSpread?.[pings % options.idleSpread.length] ?? 0;
      pings++;
      const target = now + (busy > 0 ? options.loadedMs : options.idleMs + spread);
      while (now < target) {
        await Promise.resolve();
        if (busy === 0) now = Math.max(now, target);
      }
    },
    now: () => now,
  };
  return io;
}

describe('the speed test’s arithmetic', () => {
  it('takes the median, the jitter and the rate', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 40])).toBe(25);
    expect(median([])).toBe(0);
    expect(jitter([10, 14, 10, 12])).toBeCloseTo((4 + 4 + 2) / 3);
    expect(jitter([10])).toBe(0);
    // 1 MB in 80 ms is 100 Mbps
    expect(kbpsOf(1_000_000, 80)).toBe(100_000);
    expect(kbpsOf(5, 0)).toBe(0);
  });
});

describe('a whole test on a simulated line', () => {
  it('measures the line’s rates, its idle and loaded latency and its jitter, phase after phase', async () => {
    const phases: Progress['phase'][] = [];
    const figures = await runSpeedTest(
      line({ downKbps: 300_000, upKbps: 20_000, idleMs: 12, loadedMs: 90, idleSpread: [0, 4] }),
      new AbortController().signal,
      (progress) => {
        if (phases.at(-1) !== progress.phase) phases.push(progress.phase);
      },
    );
    expect(phases).toEqual(['latency', 'download', 'upload']);
    // the pings under load take some of the phase's time: within 5 % of the line's rate
    expect(figures.downloadKbps).toBeGreaterThan(300_000 * 0.95);
    expect(figures.downloadKbps).toBeLessThanOrEqual(300_000);
    expect(figures.uploadKbps).toBeGreaterThan(20_000 * 0.95);
    expect(figures.uploadKbps).toBeLessThanOrEqual(20_000);
    expect(figures.idleLatencyMs).toBe(14);
    expect(figures.jitterMs).toBe(4);
    // a round trip under load ends within one step of the parts on the line past its 90 ms
    expect(figures.loadedLatencyMs).toBeGreaterThanOrEqual(90);
    expect(figures.loadedLatencyMs).toBeLessThan(105);
  });

  it('stops a phase at its bytes on a fast line, and at its time on a slow one', async () => {
    let downloaded = 0;
    const fast = line({ downKbps: 10_000_000, upKbps: 10_000_000, idleMs: 1, loadedMs: 1 });
    const counting: SpeedTestIo = {
      ...fast,
      download: (bytes, signal, onBytes) =>
        fast.download(bytes, signal, (count) => {
          downloaded += count;
          onBytes(count);
        }),
    };
    await runSpeedTest(counting, new AbortController().signal, () => undefined);
    // the streams stop once the phase's bytes moved: at most one request each past it
    expect(downloaded).toBeGreaterThanOrEqual(SPEED_TEST_PLAN.maxPhaseBytes);
    expect(downloaded).toBeLessThanOrEqual(
      SPEED_TEST_PLAN.maxPhaseBytes + SPEED_TEST_PLAN.streams * SPEED_TEST_PLAN.largeRequestBytes,
    );

    const slow = line({ downKbps: 2_000, upKbps: 500, idleMs: 30, loadedMs: 400 });
    const figures = await runSpeedTest(slow, new AbortController().signal, () => undefined);
    expect(figures.downloadKbps).toBeLessThanOrEqual(2_000);
    expect(figures.downloadKbps).toBeGreaterThan(2_000 * 0.9);
    expect(slow.now()).toBeLessThan(60_000);
  });

  it('gives up at once when cancelled', async () => {
    const abort = new AbortController();
    const run = runSpeedTest(
      line({ downKbps: 1_000, upKbps: 1_000, idleMs: 10, loadedMs: 10 }),
      abort.signal,
      (progress) => {
        if (progress.phase === 'download') abort.abort();
      },
    );
    await expect(run).rejects.toThrow();
  });
});
