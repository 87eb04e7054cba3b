import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { findChromium } from '../scripts/find-chromium.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
// The portal must be reached at its PUBLIC_URL: the sign-in cookies and the embedded issuer are tied to it.
const baseURL = `http://localhost:${port}`;
const dir = runDir();

/**
 * A fresh directory for every run: the database (`db/`, empty: the server migrates and seeds it at start) and the
 * server's log (`server.log`), which the leak scan reads at the end. Workers load this file again and inherit the
 * runner's environment, so only the runner creates the directory, and removes it when it exits (after Playwright
 * has stopped the server).
 */
function runDir(): string {
  const inherited = process.env.VIREO_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(tmpdir(), 'vireo-e2e-'));
  process.env.VIREO_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The machines have 2 cores.
  workers: 2,
  // Wait limits, not speed checks (speed is `npm run bench`'s): on the 2-core machines with 2 workers and the portal
  // beside them, the longest multi-step specs took 26-32 s on 2026-11-26, on this code and on a0e28fa alike, and a
  // first signed-in page sometimes takes over 5 s to show its menu (sign-in redirect, flags, navigation chunk).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `.test-reports/e2e.json` is read by the test orchestrator for the counts.
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.test-reports', 'e2e.json') }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; never a downloaded browser (scripts/find-chromium.mjs).
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        '**/payments-clock.spec.ts',
        '**/autopay-clock.spec.ts',
        '**/mobile-clock.spec.ts',
        '**/maintenance.spec.ts',
        '**/leak-scan.spec.ts',
      ],
    },
    // Harbor's whole balance is paid (billing.spec.ts asserts it) and the billing clock moves (every session follows
    // it): alone, after the specs above, one test after the other
    {
      name: 'clock',
      testMatch: '**/payments-clock.spec.ts',
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
    // Harbor enrols in Auto Pay (the one-time payments above offer it only while Harbor is not enrolled), the billing
    // system's fault knobs (global) fail its change of method, and the clock moves to its next statement: after the
    // `clock` project (a project of its own, so that the order of the two files does not hang on their names), alone,
    // one test after the other
    {
      name: 'autopay-clock',
      // mobile-clock.spec.ts: Riverbend's next statement after mobile.spec.ts (issue 7)
      testMatch: ['**/autopay-clock.spec.ts', '**/mobile-clock.spec.ts'],
      dependencies: ['clock'],
      fullyParallel: false,
      workers: 1,
    },
    // the maintenance flag applies to every user: it runs alone, after everything else
    { name: 'maintenance', testMatch: '**/maintenance.spec.ts', dependencies: ['autopay-clock'] },
    // then the database files and the server log are searched for card data (issue 5)
    { name: 'leak-scan', testMatch: '**/leak-scan.spec.ts', dependencies: ['maintenance'] },
  ],
  webServer: {
    // The built server (`npm run build`), serving the built web app, as in production. Every log line goes to
    // server.log for the leak scan; the console shows warnings and errors only.
    command: `sh -c 'node apps/server/dist/main.js 2>&1 | tee -a "$VIREO_E2E_SERVER_LOG" | grep --line-buffered -v "\\"level\\":[23]0,"'`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/readyz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'db'),
      VIREO_E2E_SERVER_LOG: path.join(dir, 'server.log'),
      WEB_DIST_DIR: 'apps/web/dist',
      LOG_LEVEL: 'debug',
      PORTAL_ENV: 'dev',
      PUBLIC_URL: baseURL,
      // Every simulated user signs in from 127.0.0.1; the per-address limit itself is tested in the server suite.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // every test is one address, most of them Harbor: the vault's limit per account and address is raised too
      VAULT_RATE_LIMIT_PER_WINDOW: '10000',
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
