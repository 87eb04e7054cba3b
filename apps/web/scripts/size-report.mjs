#!/usr/bin/env node
// `npm run size`: runs size-limit over the production build (`.size-limit.mjs`) and prints every budget row with its
// size, its target and whether it is met, and for each route the ratio of its initial JavaScript to the React floor.
// Exit code 1 when any target is missed (or nothing was measured). `--json` prints the rows as JSON instead (bench).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeChecks, TARGETS } from './bundle-budgets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sizeLimit = join(root, 'node_modules/size-limit/bin.js');

/** size-limit's own verdict per check name, measured with gzip (level 9) per file, summed. */
function measure() {
  const run = spawnSync(process.execPath, [sizeLimit, '--json'], { cwd: root, encoding: 'utf8' });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error('size-limit did not report (is the web app built? `npm run build -w @vireo/web`)');
  }
  // size-limit answers a failing configuration (e.g. a budget module missing from the manifest) with `{ error }`
  if (!Array.isArray(report)) throw new Error(`size-limit: ${report.error ?? JSON.stringify(report)}`);
  return report;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function bundleRows() {
  const measured = new Map(measure().map((result) => [result.name, result]));
  return describeChecks().map(({ budget, route, check }) => {
    const result = measured.get(check.name);
    if (!result) throw new Error(`size-limit did not measure "${check.name}"`);
    const ratio = budget === 'initial' ? result.size / (TARGETS.floorKb * 1000) : null;
    const ratioMet = ratio === null || ratio <= TARGETS.floorRatio;
    return {
      budget,
      route,
      name: check.name,
      size: result.size,
      value: `${kb(result.size)}${ratio === null ? '' : `, ${ratio.toFixed(2)}x the React floor`}`,
      target: `<= ${check.limit}${ratio === null ? '' : `, <= ${TARGETS.floorRatio}x`}`,
      met: result.passed && ratioMet,
      files: check.path.length,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = bundleRows();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows));
  } else {
    console.log('| measure | value (gzipped) | target | met |\n|---|---|---|---|');
    for (const row of rows) {
      console.log(`| ${row.name} (${row.files} files) | ${row.value} | ${row.target} | ${row.met ? 'yes' : 'NO'} |`);
    }
    const missed = rows.filter((row) => !row.met);
    console.log(
      missed.length === 0
        ? `\nbundle budgets: all ${rows.length} met`
        : `\nbundle budgets: ${missed.length} of ${rows.length} NOT met: ${missed.map((row) => row.name).join('; ')}`,
    );
  }
  process.exit(rows.length > 0 && rows.every((row) => row.met) ? 0 : 1);
}
