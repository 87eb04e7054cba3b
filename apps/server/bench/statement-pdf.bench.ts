/**
 * Statement PDF render time (quality-bars.md: p95 <= 150 ms for a 200-line statement).
 * Run from the repository root: `npx tsx apps/server/bench/statement-pdf.bench.ts [lines] [runs]`.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { StatementDetailSchema } from '@vireo/shared';
import { largeStatement, lineCountOf } from '../src/modules/statements/fixtures';
import { renderStatementPdf } from '../src/modules/statements/statement-pdf';

const BUDGET_P95_MS = 150;
const WARM_UP = 10;

const { positionals } = parseArgs({ allowPositionals: true });
const lines = Number(positionals[0] ?? 200);
const runs = Number(positionals[1] ?? 50);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const statement = StatementDetailSchema.parse(largeStatement(lines));
  for (let i = 0; i < WARM_UP; i++) await renderStatementPdf(statement, i % 2 === 0 ? 'en' : 'es');

  const p95s: { locale: string; p95: number }[] = [];
  for (const locale of ['en', 'es'] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const pdf = await renderStatementPdf(statement, locale);
      times.push(performance.now() - start);
      bytes = pdf.length;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const verdict = p95 <= BUDGET_P95_MS ? 'PASS' : 'FAIL';
    console.log(
      `statement PDF ${locale}: ${lineCountOf(statement)} lines, ${runs} runs, ${(bytes / 1024).toFixed(1)} KiB: ` +
        `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms ` +
        `-> p95 <= ${BUDGET_P95_MS} ms: ${verdict}`,
    );
    if (verdict === 'FAIL') process.exitCode = 1;
    p95s.push({ locale, p95 });
  }
  const row = {
    name: `statement PDF p95, ${lineCountOf(statement)} lines (en, es)`,
    value: p95s.map(({ locale, p95 }) => `${locale} ${p95.toFixed(1)} ms`).join(', '),
    target: `<= ${BUDGET_P95_MS} ms`,
    met: p95s.every(({ p95 }) => p95 <= BUDGET_P95_MS),
  };
  console.log(`BENCH-ROW ${JSON.stringify(row)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
