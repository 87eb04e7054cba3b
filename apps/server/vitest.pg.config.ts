import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

/**
 * graphql as Node resolves it (its `main`, CommonJS), as the built server and mercurius load it; Vite's resolver would
 * pick its `module` (index.mjs) for the sources, a second copy whose types graphql-js refuses to mix (issue 23 item 5).
 */
const graphql = createRequire(import.meta.url).resolve('graphql');
/** CI's npm test leaves this file to test:reliability, which runs it at the bars' size next (scripts/test.mjs). */
const leftToReliability =
  process.env.RELIABILITY_FOLLOWS === 'true' ? ['src/reliability/sigkill-payments.int.test.ts'] : [];

/**
 * The integration tests (`*.int.test.ts`) again, on real PostgreSQL (one fresh database per test file), the tests
 * that only mean something on PostgreSQL's concurrency (`*.pg.test.ts`), and the tests of real Redis
 * (`*.redis.test.ts`).
 */
export default defineProject({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    name: 'server-pg',
    environment: 'node',
    include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts', 'src/**/*.pg.test.ts', 'src/**/*.redis.test.ts'],
    // input fuzzing exercises the routes' validation, which does not depend on the driver: PGlite runs it
    exclude: ['src/security/fuzz.int.test.ts', ...leftToReliability],
    env: { TEST_DB_DRIVER: 'postgres' },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
