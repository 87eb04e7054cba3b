import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { findChromium } from '../scripts/find-chromium.mjs';
import { VISUAL_CLOCK_START } from './support/visual';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
// The portal must be reached at its PUBLIC_URL: the sign-in cookies and the embedded issuer are tied to it.
const baseURL = `http://localhost:${port}`;
/**
 * The screenshot comparison's own portal (the `visual` project, issue 16 item 6): its own port and database, and a
 * billing clock that starts at a fixed instant, so that no other spec changes what it shows and the seeded data (due
 * dates, balances, statements) is the same on every run. The browser's clock is set to the same instant
 * (support/visual.ts).
 */
const visualPort = Number(process.env.E2E_VISUAL_PORT ?? port + 1);
const visualBaseURL = `http://localhost:${visualPort}`;
/**
 * The community variant's portal (issue 22, wider-portal.md §10): the same build with PORTAL_VARIANT=community, its own
 * port and database, for the `community-*.spec.ts` specs (the `community` project), which run beside the others.
 */
const communityPort = Number(process.env.E2E_COMMUNITY_PORT ?? port + 2);
const communityBaseURL = `http://localhost:${communityPort}`;
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

const EXPECT_TIMEOUT_MS = 10_000;
const CHROMIUM_LAUNCHER = path.join(repoRoot, 'e2e', 'support', 'chromium.sh');

/** The built server, its whole log into `$VIREO_E2E_SERVER_LOG`, only warnings and errors on the console. */
const SERVER_COMMAND = `sh -c 'node apps/server/dist/main.js 2>&1 | tee -a "$VIREO_E2E_SERVER_LOG" | grep --line-buffered -v "\\"level\\":[23]0,"'`;

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
  expect: { timeout: EXPECT_TIMEOUT_MS },
  // `.test-reports/e2e.json` is read by the test orchestrator for the counts.
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.test-reports', 'e2e.json') }]],
  use: {
    baseURL,
    headless: true,
    // a failed test's trace: its actions, network and DOM snapshots; without a screenshot of every frame (they cost the
    // whole suite ~10% of its time on the 2-core machines, 2026-11-30)
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; never a downloaded browser (scripts/find-chromium.mjs), started through support/chromium.sh,
      // which merges the `--disable-features` switches (Chromium keeps only the last one)
      executablePath: CHROMIUM_LAUNCHER,
      env: { ...process.env, CHROMIUM_REAL: findChromium() },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 156's address-bar pop-ups are web pages of their own (chrome://omnibox-popup.top-chrome), loaded
        // in a renderer for every window although a headless window never shows them: with them off, a sign-in, a page
        // and an axe scan took 25-30% less CPU on the 2-core machines (2026-11-30, 4 runs each way)
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        '**/community-*.spec.ts',
        '**/payments-clock.spec.ts',
        '**/autopay-clock.spec.ts',
        '**/mobile-clock.spec.ts',
        '**/maintenance.spec.ts',
        '**/leak-scan.spec.ts',
        '**/open-doors-reset.spec.ts',
        '**/open-doors-quick-pay.spec.ts',
        '**/open-doors-pay-link.spec.ts',
        '**/people.spec.ts',
        '**/security.spec.ts',
        '**/passkeys.spec.ts',
        '**/profile.spec.ts',
        '**/notifications.spec.ts',
        '**/wallet-step-up.spec.ts',
        '**/change-of-service.spec.ts',
        '**/outage-credit.spec.ts',
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
    // Issue 17: harbor-admin's password is reset (after every spec that signs in as harbor-admin with the demo
    // password) and Harbor's bill is paid by Quick Pay (after the projects that assert Harbor's balance and pay it down)
    // issue 18: Harbor's roles change (and are put back) and the clock moves 11 minutes: serial, after the clocks
    {
      name: 'people',
      // issue 18 item 2: a password changed and put back (security.spec.ts) ends the user's other sessions
      // issue 18 item 1: summit-owner's contact e-mail changed and put back, harbor's company details edited
      // issue 18 item 4: pinecrest-owner's notifications changed and put back, and its "This wasn't me" (every session
      // ends, a new password is required: the demo password is set again through the reset link)
      // issue 18 item 3: lakeside's bank account added after the clock moved 11 minutes (a step-up), then removed
      testMatch: [
        '**/people.spec.ts',
        '**/security.spec.ts',
        '**/passkeys.spec.ts',
        '**/profile.spec.ts',
        '**/notifications.spec.ts',
        '**/wallet-step-up.spec.ts',
      ],
      dependencies: ['autopay-clock'],
      fullyParallel: false,
      workers: 1,
    },
    {
      name: 'open-doors',
      testMatch: ['**/open-doors-reset.spec.ts', '**/open-doors-quick-pay.spec.ts', '**/open-doors-pay-link.spec.ts'],
      dependencies: ['people'],
    },
    // issue 19 item 2: Harbor's internet tier changes and the billing clock moves to its next statement: alone, after
    // every project that reads Harbor's bill
    {
      name: 'change-of-service',
      testMatch: '**/change-of-service.spec.ts',
      dependencies: ['open-doors'],
      fullyParallel: false,
      workers: 1,
    },
    // issue 20 items 7-8: Riverbend's outage resolves on the billing clock and its credit is billed on a next
    // statement: alone, after every project that reads Riverbend's bill or its outage
    {
      name: 'outage-credit',
      testMatch: '**/outage-credit.spec.ts',
      dependencies: ['change-of-service'],
      fullyParallel: false,
      workers: 1,
    },
    // the maintenance flag applies to every user: it runs alone, after everything else
    { name: 'maintenance', testMatch: '**/maintenance.spec.ts', dependencies: ['outage-credit'] },
    // then the database files and the server logs are searched for card data (issue 5)
    { name: 'leak-scan', testMatch: '**/leak-scan.spec.ts', dependencies: ['maintenance', 'community'] },
    // issue 22: the community variant's pages, on its own portal (the third web server below). Playwright runs the
    // projects in phases (a phase begins when the one before has ended); the serial projects above keep one worker
    // busy and leave the other idle, so the projects with portals of their own take that worker: the community specs
    // beside `people` (297 s serial on 2026-11-30), the screenshots beside `autopay-clock` (167 s), not beside
    // `chromium`, which keeps both workers busy on its own
    {
      name: 'community',
      testMatch: '**/community-*.spec.ts',
      use: { baseURL: communityBaseURL },
      dependencies: ['autopay-clock'],
    },
    // The screenshot comparison (issue 16 item 6, docs/design.md): its own portal (the second web server below), so it
    // runs beside the others; the baselines are the committed PNGs of visual/baselines/.
    {
      name: 'visual',
      dependencies: ['clock'],
      testDir: 'visual',
      testMatch: '**/*.spec.ts',
      snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
      use: { baseURL: visualBaseURL, timezoneId: 'America/New_York', reducedMotion: 'reduce' },
      // (a project's `expect` replaces the one above: its wait limit is repeated)
      expect: {
        timeout: EXPECT_TIMEOUT_MS,
        toHaveScreenshot: {
          // a full page of the style guide is 15,000-21,000 px tall: taking it twice alike takes a few seconds
          timeout: 30_000,
          // Up to 0.2% of the pixels may differ: antialiasing of Debian Chromium's point releases moves a few edge
          // pixels of text; a changed spacing, word or layout changes far more (seen failing: docs/design.md).
          maxDiffPixelRatio: 0.002,
          // A pixel differs when its colour moves more than 3% (YIQ distance; Playwright's default, 20%, let a brand
          // colour moved from #0b6b5e to #0b6b7e pass unseen; 3% fails it on every page).
          threshold: 0.03,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
        },
      },
    },
  ],
  webServer: [
    {
      // The built server (`npm run build`), serving the built web app, as in production. Every log line goes to
      // server.log for the leak scan; the console shows warnings and errors only.
      command: SERVER_COMMAND,
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
        // and the open doors' limit on requests that send e-mail (issue 17): tested in the server suite
        EMAIL_REQUEST_RATE_LIMIT_PER_WINDOW: '10000',
        SUPPORT_TICKET_RATE_LIMIT_PER_HOUR: '10000',
        // and the analytics batches of every page of every spec (issue 23): the limit itself is tested in the server suite
        ANALYTICS_RATE_LIMIT_PER_MINUTE: '10000',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The screenshot comparison's portal: the same build, a database of its own, the billing clock at a fixed start.
      command: SERVER_COMMAND,
      cwd: repoRoot,
      url: `http://127.0.0.1:${visualPort}/readyz`,
      env: {
        PORT: String(visualPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'visual-db'),
        VIREO_E2E_SERVER_LOG: path.join(dir, 'visual-server.log'),
        WEB_DIST_DIR: 'apps/web/dist',
        LOG_LEVEL: 'info',
        PORTAL_ENV: 'dev',
        PUBLIC_URL: visualBaseURL,
        BILLING_CLOCK_START: VISUAL_CLOCK_START,
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The community variant's portal: the same build, PORTAL_VARIANT=community, a database of its own.
      command: SERVER_COMMAND,
      cwd: repoRoot,
      url: `http://127.0.0.1:${communityPort}/readyz`,
      env: {
        PORT: String(communityPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'community-db'),
        VIREO_E2E_SERVER_LOG: path.join(dir, 'community-server.log'),
        WEB_DIST_DIR: 'apps/web/dist',
        LOG_LEVEL: 'info',
        PORTAL_ENV: 'dev',
        PORTAL_VARIANT: 'community',
        PUBLIC_URL: communityBaseURL,
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
        EMAIL_REQUEST_RATE_LIMIT_PER_WINDOW: '10000',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
