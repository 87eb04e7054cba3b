#!/usr/bin/env node
// `npm test`: every suite, in order: lint, typecheck, unit and integration on PGlite, integration on PostgreSQL,
// build, bundle budgets, browser. Every step runs even when an earlier one failed (except the browser suite without a build), so
// one run reports everything; the exit code is non-zero when anything failed or a required suite could not run.
// `npm test -- --runtime-only` runs only the server tests whose result can depend on the Node version (RUNTIME_PATHS:
// Node's crypto and the argon2 binding in identity, the OIDC issuer, PGlite's WebAssembly with the migrations and the
// seed, the platform's tokens, jobs and outbox, streams in the statement PDFs, the money core, child processes killed
// and stopped). .ci/run uses it for the machines' Node 20 after every suite has run on Node 24. Lint, the type check,
// the web's tests (jsdom), the shared rules, the rest of the server's modules (the same Node APIs as those above), the
// PostgreSQL run (the same server code over the pure-JS `pg` driver), the build, the budgets and the browser suite give
// the same answer on any Node and run once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findChromium } from './find-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.test-reports');
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
// The failed tests, named again at the very end: CI keeps only the tail of the output.
const failures = [];

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function banner(text) {
  console.log(`\n${'='.repeat(100)}\n== ${text}\n${'='.repeat(100)}`);
}

function run(name, command, args, env = {}) {
  banner(name);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function addVitestCounts(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      // A timeout's stack is Vitest's STACK_TRACE_ERROR (the JSON report keeps the stack, not the message).
      const message = (test.failureMessages?.[0] ?? '')
        .replace(/^Error: STACK_TRACE_ERROR/, `timed out after ${Math.round(test.duration ?? 0)} ms`)
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      failures.push(`${file.name.replace(`${root}/`, '')} > ${test.fullName}: ${message.slice(0, 400)}`);
    }
  }
}

/** What failed a Vitest run besides its tests (scripts/vitest-run-errors.mjs), for the summary. */
const runErrors = [];
function addRunErrors(file, suite, ok) {
  if (!existsSync(file)) {
    if (!ok) runErrors.push(`${suite}: vitest failed before its end (no report): see the log above`);
    return;
  }
  const { reason, unhandled, modules } = JSON.parse(readFileSync(file, 'utf8'));
  if (reason === 'interrupted') runErrors.push(`${suite}: the run was interrupted`);
  for (const error of unhandled) runErrors.push(`${suite}: unhandled ${error}`);
  for (const { module, errors } of modules) for (const error of errors) runErrors.push(`${suite}: ${module}: ${error}`);
}

async function redisReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')} is not reachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const RUN_ERRORS_REPORTER = './scripts/vitest-run-errors.mjs';
const runtimeOnly = process.argv.includes('--runtime-only');

console.log(`npm test${runtimeOnly ? ' (runtime-only)' : ''} on Node ${process.version} (${process.execPath})`);
if (!runtimeOnly) {
  run('lint (biome)', 'npx', ['biome', 'check', '.']);
  run('typecheck (tsc -b)', 'npx', ['tsc', '-b']);
}
// The input fuzzing runs 100 cases per route here; `npm run test:reliability` (which .ci/run also calls) runs the
// 1,000 of quality-bars.md, which take minutes.
const fuzzRuns = process.env.FUZZ_RUNS ?? '100';
// RELIABILITY_FOLLOWS=true (.ci/run, which calls `npm run test:reliability` next): that run fuzzes every route 1,000
// times and SIGKILLs the server 50 times on PostgreSQL, so this pass leaves those two files to it instead of running
// them at 10 runs and 5 cycles first (4-6 minutes of CI's 2 cores); the SIGKILL test still runs here on PGlite. The
// projects' configs read it (apps/server/vitest.config.ts, vitest.pg.config.ts): Vitest's --exclude does not reach them.
const reliabilityFollows = process.env.RELIABILITY_FOLLOWS === 'true';
// Vitest runs one file fewer than the machine has cores (one at a time on CI's 2 cores: the PGlite run took 28 minutes
// uncontended); each file has its own in-memory database, so they may share the cores
const workers = String(Math.max(2, availableParallelism() - 1));
const projects = runtimeOnly ? ['server'] : ['shared', 'server', 'web'];
const RUNTIME_PATHS = [
  'apps/server/src/modules/identity',
  'apps/server/src/db',
  'apps/server/src/platform',
  'apps/server/src/modules/statements',
  'apps/server/src/modules/payments',
  'apps/server/src/modules/mailbox',
  'apps/server/src/app.int.test.ts',
  'apps/server/src/shutdown.int.test.ts',
  'apps/server/src/reliability/sigkill-payments.int.test.ts',
];
const pgliteOk = run(
  `unit and integration tests on PGlite (vitest: ${projects.join(', ')}; ${reliabilityFollows ? 'the input fuzzing left to test:reliability' : `fuzzing ${fuzzRuns} runs per route`})`,
  process.execPath,
  [
    ...vitest,
    ...projects.map((project) => `--project=${project}`),
    ...(runtimeOnly ? RUNTIME_PATHS : []),
    `--maxWorkers=${workers}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, 'vitest.json')}`,
    `--reporter=${RUN_ERRORS_REPORTER}`,
  ],
  { FUZZ_RUNS: fuzzRuns, VITEST_RUN_ERRORS: join(reports, 'vitest-run-errors.json') },
);
addVitestCounts(join(reports, 'vitest.json'));
addRunErrors(join(reports, 'vitest-run-errors.json'), 'PGlite', pgliteOk);

if (runtimeOnly) finish();
const [hasPostgres, hasRedis] = [await postgresReachable(databaseUrl), await redisReachable(redisUrl)];
if (hasPostgres && hasRedis) {
  const pgOk = run(
    'integration tests on PostgreSQL and Redis (vitest: server-pg)',
    process.execPath,
    [
      ...vitest,
      '--project=server-pg',
      // each test file has a database of its own (test/database.ts), so two run at once as on PGlite: on the 2-core
      // machines 562 s with two (quiet), 1,027 s with Vitest's default of one (other work beside it), 2026-12-02
      `--maxWorkers=${workers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest-pg.json')}`,
      `--reporter=${RUN_ERRORS_REPORTER}`,
    ],
    {
      TEST_DATABASE_URL: databaseUrl,
      TEST_REDIS_URL: redisUrl,
      VITEST_RUN_ERRORS: join(reports, 'vitest-pg-run-errors.json'),
    },
  );
  addVitestCounts(join(reports, 'vitest-pg.json'));
  addRunErrors(join(reports, 'vitest-pg-run-errors.json'), 'PostgreSQL', pgOk);
} else {
  const missing = [
    hasPostgres ? null : 'PostgreSQL (TEST_DATABASE_URL)',
    hasRedis ? null : 'Redis (TEST_REDIS_URL or REDIS_URL)',
  ]
    .filter(Boolean)
    .join(' and ');
  if (isCI) {
    banner(`integration tests on PostgreSQL and Redis: FAILED, ${missing} not reachable and CI=true requires it`);
    results.push({ name: 'integration tests on PostgreSQL and Redis', ok: false, seconds: 0 });
  } else {
    banner(`!!! SKIPPED: integration tests on PostgreSQL and Redis (${missing} not reachable) !!!`);
    results.push({ name: 'integration tests on PostgreSQL and Redis', ok: true, skipped: true, seconds: 0 });
  }
}

const built = run('build (web and server)', 'npm', ['run', 'build']);
// quality-bars.md "Performance": the production build's bundle budgets (per-route initial JS, lazy chunks, whole
// app, CSS; `npm run size`). A missed target fails the run like a failed test.
if (built) {
  run('bundle budgets (size-limit)', 'npm', ['run', 'size']);
} else {
  results.push({ name: 'bundle budgets (size-limit)', ok: false, seconds: 0 });
  banner('bundle budgets (size-limit) could not run: the build failed');
}
let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error.message);
}
if (built && chromium) {
  run('browser tests (playwright, Debian chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
  });
  const file = join(reports, 'e2e.json');
  if (existsSync(file)) {
    const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) if (!spec.ok) failures.push(`${spec.file} > ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of suites ?? []) walk(suite);
    counts.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    counts.failed += stats?.unexpected ?? 0;
    counts.skipped += stats?.skipped ?? 0;
  }
} else {
  results.push({ name: 'browser tests', ok: false, seconds: 0 });
  banner(`browser tests could not run: ${built ? 'no Chromium' : 'the build failed'}`);
}

finish();

function finish() {
  banner(`summary (Node ${process.version}${runtimeOnly ? ', runtime-only' : ''})`);
  for (const result of results) {
    const status = result.skipped ? 'SKIPPED' : result.ok ? 'ok' : 'FAILED';
    console.log(`${status.padEnd(8)} ${result.name} (${result.seconds}s)`);
  }
  const failed = results.some((result) => !result.ok);
  if (failures.length > 0) console.log(`\nfailed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  if (runErrors.length > 0) console.log(`\nrun errors:\n${runErrors.map((line) => `  ${line}`).join('\n')}`);
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(failed || counts.failed > 0 ? 1 : 0);
}
