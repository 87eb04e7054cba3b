/**
 * What the HTTP load benches share (api-load.bench.ts, analytics-ingest.bench.ts): the real server as a child process,
 * autocannon driven at a fixed rate by staggered streams, CPU per request from /proc, the machine's load beside every
 * figure, the bookkeeping that ends every child process and removes every temp dir (and runs a bench's own async
 * clean-ups, e.g. dropping its database) at the end, on failure and on a signal, and the `BENCH-ROW` lines
 * scripts/bench.mjs collects.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ServerProcess, startServerProcess } from '../test/server-process';

export { sleep };

/** Longest wait for the server to become idle between phases. */
const SETTLE_MAX_MS = 20_000;

// ---------------------------------------------------------------------------------------------------------------
// autocannon (v9) ships no types: the part of its programmatic API used here.

export type AutocannonRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
};
type AutocannonOptions = {
  url: string;
  connections?: number;
  connectionRate?: number;
  duration?: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  ignoreCoordinatedOmission?: boolean;
  skipAggregateResult?: boolean;
  setupClient?: (client: AutocannonClient) => void;
};
/** A connection's client: it emits `request` for every request it writes (its first one too, after `setupClient`). */
export type AutocannonClient = { on(event: 'request', listener: () => void): void };
type Histogram = { average: number; p50: number; p90: number; p99: number; max: number; total: number };
export type AutocannonResult = {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  latency: Histogram;
  requests: Histogram & { sent: number };
};
/** An instance run with `skipAggregateResult`: encoded histograms, only good for `aggregateResult`. */
type RawAutocannonResult = { duration: number; totalCompletedRequests: number };
type Autocannon = {
  (options: AutocannonOptions): Promise<AutocannonResult>;
  aggregateResult(results: RawAutocannonResult[], options: { url: string; connections: number }): AutocannonResult;
};
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---------------------------------------------------------------------------------------------------------------
// Bookkeeping: every child process and temp dir is ended and removed at the end, on failure and on a signal.

/** The child processes still running: a bench adds the ones it starts (bootServer adds the server). */
export const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const cleanUps: (() => Promise<void>)[] = [];

/** A fresh temp dir `vireo-<label>-…`, removed at the end. */
export function tempDir(label: string) {
  const dir = mkdtempSync(join(tmpdir(), `vireo-${label}-`));
  tempDirs.add(dir);
  return dir;
}

/**
 * `task` runs at the end, after the child processes are ended, on success, on failure and on a signal; the tasks run
 * last registered first (a connection to a database goes before the database).
 */
export function atCleanUp(task: () => Promise<void>) {
  cleanUps.push(task);
}

function cleanUp() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** cleanUp, then the bench's own tasks (each given 15 s; a failure is said, not thrown). */
async function cleanUpAll() {
  cleanUp();
  for (const task of cleanUps.splice(0).reverse()) {
    await Promise.race([task(), sleep(15_000)]).catch((error: unknown) => console.error('clean-up failed:', error));
  }
}

export type Row = { name: string; value: string; target: string; met: boolean };
const rows: Row[] = [];
export function row(entry: Row) {
  rows.push(entry);
  console.log(`  -> ${entry.name}: ${entry.value} (target ${entry.target}): ${entry.met ? 'met' : 'NOT MET'}`);
}

/**
 * Runs a bench's `main`, then prints its rows as `BENCH-ROW {json}` lines (scripts/bench.mjs) and exits: 0 all met,
 * 1 a row not met, 2 it could not run (an exception or a signal). Cleans up on every path.
 */
export async function runBench(main: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void cleanUpAll().finally(() => process.exit(2));
    });
  }
  const started = performance.now();
  try {
    await main();
  } catch (error: unknown) {
    console.error(error);
    await cleanUpAll();
    process.exit(2);
  }
  await cleanUpAll();
  console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(0)} s; ${machineLoad()}\n`);
  for (const entry of rows) console.log(`BENCH-ROW ${JSON.stringify(entry)}`);
  process.exit(rows.every((entry) => entry.met) ? 0 : 1);
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Other work on the machine skews every figure here: said beside them. */
export function machineLoad() {
  const [one, five] = loadavg();
  const load = `load average ${one?.toFixed(1)} (1 min), ${five?.toFixed(1)} (5 min)`;
  return `machine: ${availableParallelism()} cores, ${load}`;
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux, 100 clock ticks a second); null
 * elsewhere. Other work on the machine stretches wall-clock figures more than CPU time, so CPU per request is
 * printed beside them as a steadier reading.
 */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

export const cpuText = (cpuMs: number | null) => (cpuMs === null ? 'n/a' : ms(cpuMs));

// ---------------------------------------------------------------------------------------------------------------
// The server process

export async function bootServer(dataDir: string, what: string, env: Record<string, string> = {}) {
  const started = performance.now();
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env });
  children.add(server.child);
  await server.waitReady(120_000);
  console.log(`server ${what} on ${server.origin} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return server;
}

export async function stopServer(server: ServerProcess) {
  await Promise.race([server.stop(), sleep(15_000)]);
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  children.delete(server.child);
}

/**
 * Waits until the server has worked off what an overloaded phase left queued (requests whose client gave up are
 * still answered): `/readyz` pings the database, so it answers quickly only once the database queue is empty.
 */
export async function settle(origin: string) {
  const deadline = Date.now() + SETTLE_MAX_MS;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(SETTLE_MAX_MS) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await sleep(250);
  }
  console.log(`  (the server was still busy ${SETTLE_MAX_MS / 1000} s after the last phase: these figures suffer)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Load at a fixed rate

export type Load = {
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  setupRequest?: AutocannonRequest['setupRequest'];
  onResponse?: AutocannonRequest['onResponse'];
  /** Each connection's client as it is made (to count the requests written: see AutocannonClient). */
  setupClient?: (client: AutocannonClient) => void;
};

export type FixedRateResult = {
  rate: number;
  p50: number;
  p99: number;
  max: number;
  completed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: string;
  /** Server CPU per completed request. */
  cpuMs: number | null;
};

/** Staggered autocannon instances a fixed rate is spread over (see `fixedRate`). */
const STREAMS = 50;

/**
 * `rate` requests a second for `seconds`, spread evenly: STREAMS autocannon instances of one connection each, with
 * `connectionRate` rate/STREAMS, started 1000/STREAMS ms apart, then aggregated (`aggregateResult`).
 *
 * Why not one instance with `overallRate: rate`: autocannon's rate is a per-connection quota per 1-second window,
 * sent back to back as fast as the server answers, and the windows of all connections of an instance start
 * together. `overallRate: 500` over C connections is a burst of 500 requests at concurrency C at the top of every
 * second, then silence: it reports the latency of C concurrent requests at full speed, not of a steady 500/s (more
 * connections make it worse, not better). Staggered streams give the server one short burst (at 500/s: 10
 * requests, back to back on one connection) every 20 ms: near a steady arrival, with the latency of each request
 * measured from its send. One instance per request (500 instances at 1 request/s) would be smoother still, but
 * autocannon instances cost milliseconds of CPU each to create, which this process cannot spare without skewing the
 * pacing. A stream whose requests take longer than its second falls behind: that shows as an achieved rate below the
 * target, which fails the row.
 *
 * `ignoreCoordinatedOmission`: autocannon's correction records `recordValueWithExpectedInterval(latency,
 * ceil(1 / rate))`, an interval of 1 ms whatever the rate (1/rate is in seconds), which adds a synthetic sample for
 * every millisecond of every response over 1 ms and inflates the high percentiles; a missed schedule shows in the
 * achieved rate instead.
 */
export async function fixedRate(
  origin: string,
  pid: number | undefined,
  load: Load,
  rate: number,
  seconds: number,
): Promise<FixedRateResult> {
  const url = `${origin}${load.path}`;
  const request: AutocannonRequest = {
    method: load.method ?? 'GET',
    path: load.path,
    headers: load.headers,
    ...(load.body === undefined ? {} : { body: load.body }),
    ...(load.setupRequest ? { setupRequest: load.setupRequest } : {}),
    ...(load.onResponse ? { onResponse: load.onResponse } : {}),
  };
  const streams = Math.min(STREAMS, rate);
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  const runs: Promise<RawAutocannonResult>[] = [];
  for (let i = 0; i < streams; i++) {
    const wait = started + (i * 1000) / streams - performance.now();
    if (wait > 1) await sleep(wait);
    const run = autocannon({
      url,
      connections: 1,
      connectionRate: Math.floor(rate / streams) + (i < rate % streams ? 1 : 0),
      duration: seconds,
      timeout: 10,
      requests: [{ ...request }],
      ignoreCoordinatedOmission: true,
      skipAggregateResult: true,
      ...(load.setupClient ? { setupClient: load.setupClient } : {}),
    });
    runs.push(run as unknown as Promise<RawAutocannonResult>);
  }
  const results = await Promise.all(runs);
  const cpuAfter = cpuMsOf(pid);
  const aggregate = autocannon.aggregateResult(results, { url, connections: streams });
  const completed = aggregate.requests.total;
  return {
    rate: results.reduce((sum, r) => sum + r.totalCompletedRequests / r.duration, 0),
    p50: aggregate.latency.p50,
    p99: aggregate.latency.p99,
    max: aggregate.latency.max,
    completed,
    non2xx: aggregate.non2xx,
    errors: aggregate.errors,
    timeouts: aggregate.timeouts,
    statuses: Object.entries(aggregate.statusCodeStats)
      .map(([status, { count }]) => `${status}x${count}`)
      .join(' '),
    cpuMs: cpuBefore === null || cpuAfter === null || completed === 0 ? null : (cpuAfter - cpuBefore) / completed,
  };
}

export function describeFixed(r: FixedRateResult) {
  return (
    `${r.rate.toFixed(1)} req/s achieved, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}, ` +
    `${r.completed} requests, non-2xx ${r.non2xx}, errors ${r.errors} (timeouts ${r.timeouts}) [${r.statuses}]; ` +
    `server CPU ${cpuText(r.cpuMs)}/request`
  );
}
