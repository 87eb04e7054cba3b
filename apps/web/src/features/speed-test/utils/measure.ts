/**
 * The speed test's measurement (issue 21 item 7, wider-portal.md §9), with its input and output injected so it is
 * tested without a network: idle latency (sequential pings: their median, and jitter as the mean difference between
 * consecutive ones), then download and upload over parallel streams for a bounded time and bytes, pinging all along
 * (latency under load). Every figure a whole number: kilobits per second (bits per millisecond), milliseconds.
 */
export type SpeedTestIo = {
  /** Downloads `bytes`, telling each chunk's size as it arrives. */
  download: (bytes: number, signal: AbortSignal, onBytes: (count: number) => void) => Promise<void>;
  /** Uploads `bytes`, telling each part's size as it leaves (answers once the server counted them). */
  upload: (bytes: number, signal: AbortSignal, onBytes: (count: number) => void) => Promise<void>;
  ping: (signal: AbortSignal) => Promise<void>;
  /** A monotonic clock in milliseconds (performance.now). */
  now: () => number;
};

export type Phase = 'latency' | 'download' | 'upload';
export type Progress = { phase: Phase; kbps: number | null };
export type Figures = {
  downloadKbps: number;
  uploadKbps: number;
  idleLatencyMs: number;
  loadedLatencyMs: number;
  jitterMs: number;
};

export const SPEED_TEST_PLAN = {
  idlePings: 10,
  streams: 4,
  /** Each phase stops after this long, or once MAX_PHASE_BYTES moved, whichever comes first. */
  phaseMs: 6_000,
  /** Per request: the first ones small (a slow line still finishes them), then larger once the line is fast. */
  firstRequestBytes: 1024 * 1024,
  largeRequestBytes: 8 * 1024 * 1024,
  maxPhaseBytes: 200 * 1024 * 1024,
  /** Between pings under load. */
  loadedPingEveryMs: 250,
} as const;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The mean absolute difference between consecutive round trips (RFC 3550's idea, without its smoothing). */
export function jitter(values: readonly number[]): number {
  if (values.length < 2) return 0;
  let total = 0;
  for (let i = 1; i < values.length; i++) total += Math.abs((values[i] as number) - (values[i - 1] as number));
  return total / (values.length - 1);
}

/** Bits per millisecond is kilobits per second. */
export const kbpsOf = (bytes: number, ms: number) => (ms > 0 ? Math.round((bytes * 8) / ms) : 0);

async function timed(io: SpeedTestIo, signal: AbortSignal): Promise<number> {
  const start = io.now();
  await io.ping(signal);
  return io.now() - start;
}

/** Pings every `everyMs` until `until` resolves; the round trips measured meanwhile. */
async function pingWhile(io: SpeedTestIo, signal: AbortSignal, until: Promise<unknown>, everyMs: number) {
  const rounds: number[] = [];
  let done = false;
  // the work's own failure is its caller's to see: here it only ends the pinging
  const finished = until.then(
    () => undefined,
    () => undefined,
  );
  void finished.then(() => {
    done = true;
  });
  while (!done && !signal.aborted) {
    rounds.push(await timed(io, signal));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, everyMs))]);
  }
  return rounds;
}

/**
 * One phase: `streams` loops of requests until the phase's time or bytes run out. Bytes are counted as they move, and
 * the requests still in flight at the end are cancelled (a slow line does not keep the test for a large request's
 * whole length); the bytes moved and the time taken.
 */
async function transfer(
  io: SpeedTestIo,
  signal: AbortSignal,
  phase: 'download' | 'upload',
  onProgress: (progress: Progress) => void,
) {
  const plan = SPEED_TEST_PLAN;
  const start = io.now();
  let moved = 0;
  const ended = new AbortController();
  const end = () => ended.abort();
  signal.addEventListener('abort', end, { once: true });
  const more = () => !ended.signal.aborted && io.now() - start < plan.phaseMs && moved < plan.maxPhaseBytes;
  const onBytes = (count: number) => {
    moved += count;
    onProgress({ phase, kbps: kbpsOf(moved, io.now() - start) });
    if (!more()) end();
  };
  const stream = async () => {
    let size: number = plan.firstRequestBytes;
    while (more()) {
      const began = io.now();
      try {
        await io[phase](size, ended.signal, onBytes);
      } catch (error) {
        // the phase ended under it: the bytes it moved are counted already
        if (ended.signal.aborted && !signal.aborted) return;
        throw error;
      }
      // a request done in under a second: the line is fast, larger requests measure it with fewer of them
      if (io.now() - began < 1_000) size = plan.largeRequestBytes;
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.streams }, stream));
  } finally {
    signal.removeEventListener('abort', end);
  }
  signal.throwIfAborted();
  return { bytes: moved, ms: io.now() - start };
}

/** Runs the whole test; throws what a request threw (a refusal, the signal's abort). */
export async function runSpeedTest(
  io: SpeedTestIo,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
): Promise<Figures> {
  onProgress({ phase: 'latency', kbps: null });
  const idle: number[] = [];
  for (let i = 0; i < SPEED_TEST_PLAN.idlePings && !signal.aborted; i++) idle.push(await timed(io, signal));
  const loaded: number[] = [];
  const phase = async (name: 'download' | 'upload') => {
    onProgress({ phase: name, kbps: null });
    const work = transfer(io, signal, name, onProgress);
    const [result, rounds] = await Promise.all([work, pingWhile(io, signal, work, SPEED_TEST_PLAN.loadedPingEveryMs)]);
    loaded.push(...rounds);
    return result;
  };
  const down = await phase('download');
  const up = await phase('upload');
  signal.throwIfAborted();
  return {
    downloadKbps: kbpsOf(down.bytes, down.ms),
    uploadKbps: kbpsOf(up.bytes, up.ms),
    idleLatencyMs: Math.round(median(idle)),
    loadedLatencyMs: Math.round(median(loaded)),
    jitterMs: Math.round(jitter(idle)),
  };
}
