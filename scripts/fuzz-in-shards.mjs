#!/usr/bin/env node
// The input fuzzing of quality-bars.md (>= 1,000 runs per route; FUZZ_RUNS, default 1,000) in as many processes at once
// as the machine has cores (at most 4), each fuzzing its share of the routes (`FUZZ_SHARD=k/n`, fuzz.int.test.ts) with
// its own app and database: the same cases as one process, in a fraction of the time. Fails when any shard fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shards = Math.max(1, Math.min(4, Number(process.env.FUZZ_SHARDS ?? availableParallelism())));
const runs = process.env.FUZZ_RUNS ?? '1000';

const results = await Promise.all(
  Array.from({ length: shards }, (_, index) => {
    const shard = `${index + 1}/${shards}`;
    const child = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--project=server', 'apps/server/src/security/fuzz.int.test.ts'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SHARD: shard } },
    );
    return new Promise((resolve) => child.on('exit', (code) => resolve({ shard, code })));
  }),
);
for (const { shard, code } of results) console.log(`input fuzzing, shard ${shard} of the routes: exit ${code}`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
