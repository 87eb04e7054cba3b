import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, four projects: `shared` (rules), `server` (routes and services on an in-memory PGlite),
 * `server-pg` (the server's integration tests again on real PostgreSQL from TEST_DATABASE_URL) and `web`.
 * `npm test` (scripts/test.mjs) decides which run.
 */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server/vitest.config.ts', 'apps/server/vitest.pg.config.ts', 'apps/web'],
  },
});
