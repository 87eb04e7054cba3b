import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

/**
 * graphql as Node resolves it (its `main`, CommonJS), as the built server and mercurius load it; Vite's resolver would
 * pick its `module` (index.mjs) for the sources, a second copy whose types graphql-js refuses to mix (issue 23 item 5).
 */
const graphql = createRequire(import.meta.url).resolve('graphql');
/** CI's npm test leaves this file to test:reliability, which runs it at the bars' size next (scripts/test.mjs). */
const leftToReliability = process.env.RELIABILITY_FOLLOWS === 'true' ? ['src/security/fuzz.int.test.ts'] : [];

export default defineProject({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['src/**/*.redis.test.ts', 'src/**/*.pg.test.ts', ...leftToReliability],
    env: { TEST_DB_DRIVER: 'pglite' },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
