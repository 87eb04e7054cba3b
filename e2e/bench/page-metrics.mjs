#!/usr/bin/env node
// Lab page metrics (quality-bars.md "Performance"): LCP, CLS, INP and TBT of the sign-in page, the account summary,
// the billing home and a statement detail, measured with Debian's Chromium driven by Playwright, web-vitals (injected
// with `page.addInitScript`, so it observes each navigation from its start) and Chrome DevTools Protocol throttling.
//
//   node e2e/bench/page-metrics.mjs [--json] [--samples=5]
//
// Needs the production build (`npm run build`). Starts the built portal on a free port with a fresh database, signs in
// once as harbor-owner through the sign-in form, then loads each page 5 times per profile, every load in a new browser
// context (empty HTTP cache, the signed-in storage state), and reports the medians. Prints progress, then one
// `BENCH-ROW {"name","value","target","met"}` line per row (`--json`: only a JSON array of the rows, progress on
// stderr). Exit 0 when every row meets its target, 1 when one does not, 2 when the bench could not run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { BenchError, startPortal } from './portal.mjs';
import { probeScript, readProbe } from './web-vitals-probe.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const jsonOnly = process.argv.includes('--json');
// `--samples=N`: fewer loads for a quick check of the script itself; the figures of record are medians of 5.
const SAMPLES = Number(process.argv.find((arg) => arg.startsWith('--samples='))?.split('=')[1] ?? 5);
if (!Number.isInteger(SAMPLES) || SAMPLES < 1) {
  process.stderr.write('page-metrics: --samples needs a whole number of at least 1\n');
  process.exit(2);
}
// `--page=LABEL` (repeatable): measure only the pages of those labels (e.g. `--page="outage map"`), for a quick check
const ONLY = process.argv.filter((arg) => arg.startsWith('--page=')).map((arg) => arg.slice('--page='.length));
const USERNAME = 'harbor-owner';
const PASSWORD = 'Vireo-Demo-2026';
/** After network idle, the page is left alone this long before it counts as settled (CLS and TBT are read then). */
const SETTLE_MS = 1_000;

const startedAt = Date.now();
/** Progress goes to stdout, or to stderr with `--json` so that stdout holds the JSON array only. */
function log(message = '') {
  const elapsed = `[${String(Math.round((Date.now() - startedAt) / 1000)).padStart(3)} s]`;
  (jsonOnly ? process.stderr : process.stdout).write(message ? `${elapsed} ${message}\n` : '\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Profiles and targets

const MOBILE_DOWNLOAD = (1.6 * 1024 * 1024) / 8;
const MOBILE_UPLOAD = (0.75 * 1024 * 1024) / 8;

const PROFILES = [
  {
    name: 'desktop',
    // Unthrottled: the machine's own network (loopback) and CPU.
    context: { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 },
    network: null,
    cpuRate: 1,
    lcpTarget: 1_000,
    // quality-bars.md measures INP unthrottled only.
    measureInp: true,
  },
  {
    name: 'mobile',
    // quality-bars.md's mobile lab profile: 150 ms RTT, 1.6 Mbps down, 0.75 Mbps up, 4x CPU slowdown.
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    network: { offline: false, latency: 150, downloadThroughput: MOBILE_DOWNLOAD, uploadThroughput: MOBILE_UPLOAD },
    cpuRate: 4,
    lcpTarget: 2_000,
    measureInp: false,
  },
];

// quality-bars.md names the billing page for LCP; every measured page is held to the same figures.
const CLS_TARGET = 0.02;
const INP_TARGET = 100;
// TBT has no bar in quality-bars.md: 200 ms is our own target, Lighthouse's "good" threshold, for both profiles.
const TBT_TARGET = 200;

// ---------------------------------------------------------------------------------------------------------------
// Pages

const messagesDir = join(repoRoot, 'apps/web/src/messages');
/** The English catalog: the core one and each feature's (apps/web/src/messages/<catalog>/en.json). */
const catalog = Object.assign(
  {},
  ...readdirSync(messagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => JSON.parse(readFileSync(join(messagesDir, entry.name, 'en.json'), 'utf8'))),
);
/** English text of a message id without placeholders (the contexts run with the en-US browser language). */
function t(id) {
  const text = catalog[id];
  if (typeof text !== 'string')
    throw new BenchError(`message ${id} is missing from the English catalogs (apps/web/src/messages/*/en.json)`);
  return text;
}

async function waitUntil(page, what, predicate, arg, timeout = 10_000) {
  try {
    await page.waitForFunction(predicate, arg, { timeout, polling: 50 });
  } catch {
    throw new BenchError(`the scripted interaction had no visible effect: ${what}`);
  }
}

/**
 * Each page: where to go, what must be on screen before the load counts as done (so that a page that fails to render
 * is an error, not a fast sample), and the scripted interaction for INP with a check that it really ran.
 */
function pages(statementId) {
  return [
    {
      label: 'sign-in page',
      signedIn: false,
      // The login edge redirects through the issuer to the SPA's /login page with an interaction id.
      path: '/api/pub/sbnetloginedge/login?targetUrl=%2Faccount-summary',
      landsOn: (url) => url.pathname === '/login' && url.searchParams.has('interaction'),
      ready: (page) => page.getByLabel(t('signIn.username'), { exact: true }),
      // Typing the username and moving on to the password with Tab.
      interact: async (page) => {
        const username = page.getByLabel(t('signIn.username'), { exact: true });
        await username.focus(); // programmatic: not an input, so it neither counts for INP nor finalizes LCP
        await page.keyboard.type(USERNAME, { delay: 60 });
        await page.keyboard.press('Tab');
        await waitUntil(
          page,
          'typing the username and pressing Tab',
          (name) => {
            const active = document.activeElement;
            const field = document.querySelector('input[name="username"]');
            return field?.value === name && active instanceof HTMLInputElement && active.type === 'password';
          },
          USERNAME,
        );
        return 'type the username, Tab';
      },
    },
    {
      label: 'account summary',
      signedIn: true,
      path: '/account-summary',
      landsOn: (url) => url.pathname === '/account-summary',
      ready: (page) => page.getByRole('heading', { level: 1, name: t('pages.accountSummary') }),
      readyMore: (page) => page.getByText(t('accountSummary.details.accountNumber'), { exact: true }),
      // The header's language switch: choose the language that is not the current one. The choice is also saved for
      // the user on the server, which the portal applies at the next sign-in only (sign-in-redirect-page.tsx); the
      // measured loads never sign in again and start in the browser's language (en-US).
      interact: async (page) => {
        const current = await page.evaluate(() => document.documentElement.lang);
        const next = current === 'es' ? 'en' : 'es';
        const group = page.getByRole('radiogroup', { name: t('shell.language.label') }).first();
        await group.getByRole('radio', { name: t(`shell.language.${next}`) }).click();
        await waitUntil(page, `the language switch to ${next}`, (lang) => document.documentElement.lang === lang, next);
        return `language switch to "${t(`shell.language.${next}`)}"`;
      },
    },
    {
      label: 'billing home',
      signedIn: true,
      path: '/billing',
      landsOn: (url) => url.pathname === '/billing',
      ready: (page) => page.getByRole('heading', { level: 1, name: t('pages.billing'), exact: true }),
      readyMore: (page) => page.getByTestId('amount-due'),
      // "News and information": opens a dialog (its chunk loads on first use).
      interact: async (page) => {
        await page.getByRole('button', { name: t('billing.news.open') }).click();
        try {
          await page.getByRole('dialog', { name: t('billing.news.title') }).waitFor({ timeout: 10_000 });
        } catch {
          throw new BenchError('the scripted interaction had no visible effect: the News and information dialog');
        }
        return `"${t('billing.news.open')}" button (dialog)`;
      },
    },
    {
      label: 'statement detail',
      signedIn: true,
      path: `/billing/view-statements/${statementId}`,
      landsOn: (url) => url.pathname === `/billing/view-statements/${statementId}`,
      ready: (page) => page.getByRole('heading', { level: 2, name: t('billing.statement.chargesTitle') }),
      readyMore: (page) => page.getByTestId('statement-total'),
      // The first service section's disclosure (aria-expanded) under "Charges by service".
      interact: async (page) => {
        const section = page.getByRole('region', { name: t('billing.statement.chargesTitle') });
        const toggle = section.locator('h3 button[aria-expanded="false"]').first();
        const name = (await toggle.innerText()).split('\n').find((part) => part.trim() && part.trim() !== '▶');
        const controls = await toggle.getAttribute('aria-controls');
        await toggle.click();
        await waitUntil(
          page,
          'the statement section disclosure',
          (id) => {
            const panel = document.getElementById(id);
            return panel !== null && !panel.hidden && panel.getBoundingClientRect().height > 0;
          },
          controls,
        );
        return `statement section disclosure "${name?.trim()}"`;
      },
    },
    {
      // issue 20 item 5 (wider-portal.md §8): the open outage map, its list first; the map's chunk loads after it
      label: 'outage map',
      signedIn: false,
      path: '/outage-map',
      landsOn: (url) => url.pathname === '/outage-map',
      ready: (page) => page.getByRole('heading', { level: 1, name: t('pages.outageMap') }),
      readyMore: (page) =>
        page
          .getByRole('region', { name: t('outages.list.title') })
          .getByRole('article')
          .first(),
      // "Is my address affected?": typing the street and moving on to the ZIP code with Tab
      interact: async (page) => {
        const street = page.getByRole('textbox', { name: t('outages.check.street') });
        await street.focus();
        await page.keyboard.type('88 River Bend Dr', { delay: 40 });
        await page.keyboard.press('Tab');
        await waitUntil(
          page,
          'typing the street and pressing Tab',
          () =>
            document.activeElement instanceof HTMLInputElement && document.activeElement.autocomplete === 'postal-code',
          null,
        );
        return 'type the street, Tab';
      },
    },
    {
      // issue 21 items 1-2 (wider-portal.md §9; Done when: `/support` LCP on the mobile lab profile): the help centre,
      // open; its topics come from the articles' list
      label: 'support',
      signedIn: false,
      path: '/support',
      landsOn: (url) => url.pathname === '/support',
      ready: (page) => page.getByRole('heading', { level: 1, name: t('pages.support') }),
      readyMore: (page) => page.getByRole('link', { name: t('support.category.billing'), exact: true }),
      // typing words in the help search's box
      interact: async (page) => {
        const box = page.getByRole('main').getByRole('searchbox', { name: t('support.search.label') });
        await box.focus();
        await page.keyboard.type('modem', { delay: 40 });
        await waitUntil(
          page,
          'typing in the search box',
          () => document.activeElement instanceof HTMLInputElement && document.activeElement.value === 'modem',
          null,
        );
        return 'type a word in the search box';
      },
    },
  ].filter((target) => ONLY.length === 0 || ONLY.includes(target.label));
}

// ---------------------------------------------------------------------------------------------------------------
// Browser

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Signs in as the demo user through the real sign-in form; returns the storage state and the newest statement. */
async function signIn(browser, origin) {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-US', ...PROFILES[0].context });
  try {
    const page = await context.newPage();
    await page.goto('/api/pub/sbnetloginedge/login?targetUrl=%2Faccount-summary');
    await page.getByLabel(t('signIn.username'), { exact: true }).fill(USERNAME);
    await page.getByLabel(t('signIn.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account-summary', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: t('pages.accountSummary') }).waitFor();
    const response = await page.request.get('/api/pub/billing/v1/statements?limit=1');
    if (!response.ok()) throw new BenchError(`GET /api/pub/billing/v1/statements answered ${response.status()}`);
    // Keyset pages are newest first (packages/shared/src/schemas/billing.ts).
    const newest = (await response.json()).items?.[0];
    if (!newest?.id) throw new BenchError(`${USERNAME} has no statement to measure`);
    log(`Signed in as ${USERNAME}; newest statement ${newest.id} of ${newest.statementDate}.`);
    return { storageState: await context.storageState(), statementId: newest.id };
  } finally {
    await context.close();
  }
}

/**
 * Total blocking time, a lab approximation of Lighthouse's TBT: the sum over long tasks (`longtask` entries) of their
 * time beyond the first 50 ms, counted only between FCP and the moment the page settled (network idle + 1 s; Lighthouse
 * stops at TTI instead). A task that starts before FCP counts with its blocking part after FCP, as in Lighthouse.
 */
function totalBlockingTime(longTasks, fcp, settledAt) {
  let sum = 0;
  for (const task of longTasks) {
    const blockingStart = Math.max(task.start + 50, fcp);
    const blockingEnd = Math.min(task.start + task.duration, settledAt);
    if (blockingEnd > blockingStart) sum += blockingEnd - blockingStart;
  }
  return sum;
}

async function pollProbe(page, what, accept, timeout = 5_000) {
  const started = Date.now();
  for (;;) {
    const state = await readProbe(page);
    if (accept(state)) return state;
    if (Date.now() - started > timeout) {
      const problems = state?.errors?.length ? ` (probe: ${state.errors.join('; ')})` : '';
      throw new BenchError(`web-vitals reported no ${what} within ${timeout} ms${problems}`);
    }
    await page.waitForTimeout(100);
  }
}

/** One cold load of one page in one profile, in a new context. */
async function measure(browser, origin, script, profile, target, storageState) {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'en-US',
    ...profile.context,
    ...(target.signedIn ? { storageState } : {}),
  });
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: script });
    page.setDefaultTimeout(45_000);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A new context starts with an empty HTTP cache; clear it anyway, so that each sample is a cold load.
    await cdp.send('Network.clearBrowserCache');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });

    await page.goto(target.path, { waitUntil: 'load' });
    const landed = new URL(page.url());
    if (!target.landsOn(landed)) {
      throw new BenchError(`${target.label}: ${target.path} ended on ${landed.pathname}${landed.search}`);
    }
    await target.ready(page).waitFor();
    if (target.readyMore) await target.readyMore(page).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);

    const settled = await pollProbe(page, 'CLS and FCP', (state) => state.cls !== null && state.fcp !== null);
    if (settled.errors.length > 0) throw new BenchError(`probe: ${settled.errors.join('; ')}`);
    const sample = {
      cls: settled.cls,
      shifts: settled.shifts,
      tbt: totalBlockingTime(settled.longTasks, settled.fcp, settled.now),
      fcp: settled.fcp,
      lcpLive: settled.lcpLive,
    };

    // Input finalizes LCP (web-vitals listens for trusted keydown and click). On desktop the scripted interaction is
    // the first input of the page, so INP is that interaction alone; on mobile a key press does it.
    if (profile.measureInp) {
      sample.interaction = await target.interact(page);
      const done = await pollProbe(page, 'INP', (state) => state.inp !== null);
      sample.inp = done.inp;
      sample.inpEvent = done.inpEvent;
    } else {
      await page.keyboard.press('Shift');
    }
    const final = await pollProbe(page, 'LCP', (state) => state.lcp !== null);
    sample.lcp = final.lcp;
    sample.lcpElement = final.lcpElement;
    if (!(sample.lcp > 0)) throw new BenchError(`${target.label}: LCP of ${sample.lcp} ms`);
    if (errors.length > 0) throw new BenchError(`${target.label}: page errors: ${errors.join('; ')}`);
    return sample;
  } catch (error) {
    // Say what the page showed: a failed load is easier to read from its text than from a timeout.
    const shown = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '');
    const text = shown.replace(/\s+/g, ' ').trim().slice(0, 160);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BenchError(`${target.label} (${profile.name}): ${message} [at ${page.url()}; main: "${text}"]`);
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms) => `${Math.round(ms)} ms`;
const score = (value) => value.toFixed(3);

function row(name, values, format, limit, targetText) {
  const m = median(values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const unit = format === seconds ? ' s' : format === millis ? ' ms' : '';
  const strip = (text) => (unit ? text.slice(0, -unit.length) : text);
  return {
    name: `${name} (median of ${values.length})`,
    value: `${format(m)} (samples ${strip(format(low))}–${format(high)})`,
    target: targetText,
    met: m <= limit,
  };
}

async function run() {
  const executablePath = findChromium();
  const portal = await startPortal({ log });
  let browser;
  const stop = async () => {
    await browser?.close().catch(() => {});
    await portal.stop();
  };
  const onSignal = (signal) => {
    log(`${signal}: stopping.`);
    stop().finally(() => process.exit(2));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
    log(`Chromium ${browser.version()} (${executablePath}).`);
    const { storageState, statementId } = await signIn(browser, portal.origin);
    const targets = pages(statementId);
    const script = probeScript();

    // No unmeasured warm-up loads (they cost ~20 s on this machine): the first desktop sample of a page may meet a
    // cold server (JIT, database caches), which the median of 5 absorbs.
    const results = new Map();
    for (const profile of PROFILES) {
      log();
      log(`== ${profile.name}${profile.network ? ' (150 ms RTT, 1.6 Mbps down, 0.75 Mbps up, 4x CPU)' : ''}`);
      for (let i = 1; i <= SAMPLES; i++) {
        // Pages take turns, so that a noisy moment on the machine does not land on one page's samples only.
        for (const target of targets) {
          let sample;
          for (let attempt = 1; ; attempt++) {
            try {
              sample = await measure(browser, portal.origin, script, profile, target, storageState);
              break;
            } catch (error) {
              if (attempt >= 2 || portal.hasExited()) throw error;
              log(`  ${target.label} #${i}: ${error.message}; trying once more`);
            }
          }
          const key = `${profile.name}|${target.label}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key).push(sample);
          log(
            `  ${target.label.padEnd(17)} #${i}  LCP ${seconds(sample.lcp)}  CLS ${score(sample.cls)}  TBT ${millis(sample.tbt)}` +
              (sample.inp === undefined ? '' : `  INP ${millis(sample.inp)} (${sample.inpEvent})`),
          );
        }
      }
    }

    const rows = [];
    const notes = [];
    for (const target of targets) {
      for (const profile of PROFILES) {
        const samples = results.get(`${profile.name}|${target.label}`);
        const where = `${target.label}, ${profile.name}`;
        rows.push(
          row(
            `LCP ${where}`,
            samples.map((s) => s.lcp),
            seconds,
            profile.lcpTarget,
            `<= ${(profile.lcpTarget / 1000).toFixed(1)} s`,
          ),
        );
        rows.push(
          row(
            `CLS ${where}`,
            samples.map((s) => s.cls),
            score,
            CLS_TARGET,
            `<= ${CLS_TARGET}`,
          ),
        );
        if (profile.measureInp) {
          rows.push(
            row(
              `INP ${where}, ${samples[0].interaction}`,
              samples.map((s) => s.inp),
              millis,
              INP_TARGET,
              `<= ${INP_TARGET} ms (unthrottled)`,
            ),
          );
        }
        rows.push(
          row(
            `TBT ${where}`,
            samples.map((s) => s.tbt),
            millis,
            TBT_TARGET,
            `<= ${TBT_TARGET} ms (own target: Lighthouse "good"; lab approximation, FCP to settled)`,
          ),
        );
        const elements = [...new Set(samples.map((s) => s.lcpElement))].join(' | ');
        notes.push(`${where}: LCP element ${elements}; FCP median ${seconds(median(samples.map((s) => s.fcp)))}`);
        const shifted = samples.flatMap((s) => s.shifts).filter((shift) => shift.value > 0.0005);
        if (shifted.length > 0) {
          const sources = [...new Set(shifted.flatMap((shift) => shift.sources))].slice(0, 4).join(' | ');
          notes.push(
            `${where}: ${shifted.length} layout-shift entries over ${samples.length} samples, from ${sources}`,
          );
        }
      }
    }

    log();
    log('Details:');
    for (const note of notes) log(`  ${note}`);
    log();
    log('Results:');
    for (const r of rows) log(`  ${r.met ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value}  (target ${r.target})`);
    if (jsonOnly) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else for (const r of rows) process.stdout.write(`BENCH-ROW ${JSON.stringify(r)}\n`);
    return rows.every((r) => r.met) ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

run().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`page-metrics: the bench could not run: ${error instanceof Error ? error.message : error}\n`);
    if (!(error instanceof BenchError) && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    process.exitCode = 2;
  },
);
