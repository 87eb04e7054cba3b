// A Vitest reporter for scripts/test.mjs: what fails a run besides a failed test (an unhandled error or rejection, a
// test file that could not load or whose hooks failed, a run that was interrupted), written as JSON to the file
// VITEST_RUN_ERRORS names. The summary at the end of `npm test` prints it: CI shows only the tail of its output, and
// stop 41's run failed with every test passed and no cause in that tail.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const firstLines = (text, count) => (text ?? '').split('\n').slice(0, count).join(' | ');

const describe = (error) =>
  `${error.name ?? 'Error'}: ${firstLines(error.message, 2)}${error.stack ? ` @ ${firstLines(error.stack.split('\n').slice(1).join('\n').trim(), 2)}` : ''}`.slice(
    0,
    600,
  );

export default class RunErrorsReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.VITEST_RUN_ERRORS;
    if (!file) return;
    const modules = testModules
      .filter((module) => module.errors().length > 0)
      .map((module) => ({
        module: `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`,
        errors: module.errors().map(describe),
      }));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ reason, unhandled: unhandledErrors.map(describe), modules }, null, 2)}\n`);
  }
}
