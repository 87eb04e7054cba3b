#!/usr/bin/env node
// `npm run bench`: the performance benchmarks of quality-bars.md, each row printed with its target and verdict.
// Figures are measured in this run on this machine; a row that misses its target makes the exit code 1.
// It builds the portal first (the bundle sizes, the lab page metrics and the API load run on the build).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The rows a bench prints as `BENCH-ROW {"name","value","target","met"}` lines. */
const benchRows = (out) =>
  out
    .split('\n')
    .filter((line) => line.startsWith('BENCH-ROW '))
    .map((line) => JSON.parse(line.slice('BENCH-ROW '.length)));

const benches = [
  {
    name: 'lists that grow (statements, pay links) p99, 200,000 vs 1,000 rows on one account',
    file: 'apps/server/bench/list-growth.bench.ts',
  },
  { name: 'statement PDF p95, 200 lines (en, es)', file: 'apps/server/bench/statement-pdf.bench.ts' },
  {
    name: 'help search p99, 10,000 articles and 1,000 queries (issue 21)',
    file: 'apps/server/bench/support-search.bench.ts',
  },
  {
    name: 'API load at a fixed rate, and the raw database query rate (autocannon, built server on PGlite)',
    file: 'apps/server/bench/api-load.bench.ts',
  },
  {
    name: 'analytics ingest at 500 batches/s of 50 events (issue 23; autocannon, the server on PostgreSQL)',
    file: 'apps/server/bench/analytics-ingest.bench.ts',
  },
  {
    name: 'lab page metrics (Chromium, DevTools protocol, web-vitals; desktop and the mobile lab profile)',
    file: 'e2e/bench/page-metrics.mjs',
  },
];

/**
 * Bundle budgets (quality-bars.md "Performance"): a production build of the web app measured by size-limit
 * (`npm run size`, apps/web/scripts/size-report.mjs). One row per main route's initial JavaScript, the largest lazy
 * chunk, the whole app and the CSS.
 */
function bundleRows() {
  console.log('\n== bundle sizes (production build, size-limit, gzipped)');
  const run = spawnSync(process.execPath, ['apps/web/scripts/size-report.mjs', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  let rows;
  try {
    rows = JSON.parse(run.stdout);
  } catch {
    process.stderr.write(run.stdout + run.stderr);
    return [{ name: 'bundle sizes', value: 'size-limit failed to run', target: '-', met: false }];
  }
  const lazy = rows.filter((row) => row.budget === 'lazy');
  const largestLazy = lazy.reduce((largest, row) => (row.size > largest.size ? row : largest), lazy[0]);
  const lazyMet = lazy.every((row) => row.met);
  return [
    ...rows.filter((row) => row.budget === 'initial'),
    {
      name: `each lazy chunk (${lazy.length}; largest: ${largestLazy.name.replace(/^lazy chunk /, '')})`,
      value: largestLazy.value,
      target: largestLazy.target,
      met: lazyMet,
    },
    ...rows.filter((row) => ['app', 'styleGuide', 'mailbox', 'analyticsViewer', 'css', 'font'].includes(row.budget)),
  ].map(({ name, value, target, met }) => ({ name, value, target, met }));
}

console.log('== building the portal (npm run build)');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  console.error('the build failed: no benchmark ran');
  process.exit(2);
}

const results = [];
for (const bench of benches) {
  console.log(`\n== ${bench.name}`);
  const args = bench.file.endsWith('.ts') ? ['--import', 'tsx', bench.file] : [bench.file];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(run.stdout);
  const rows = run.status === 0 || run.status === 1 ? benchRows(run.stdout) : [];
  if (rows.length === 0) process.stderr.write(run.stderr);
  results.push(...(rows.length > 0 ? rows : [{ name: bench.name, value: 'failed to run', target: '-', met: false }]));
}

results.push(...bundleRows());

console.log('\n| measure | value | target | met |\n|---|---|---|---|');
for (const r of results) console.log(`| ${r.name} | ${r.value} | ${r.target} | ${r.met ? 'yes' : 'NO'} |`);
process.exit(results.every((r) => r.met) ? 0 : 1);
