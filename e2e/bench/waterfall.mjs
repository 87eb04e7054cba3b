#!/usr/bin/env node
// The request chain of one cold page load, to see what waits for what (docs/performance.md "Lab page metrics").
//
//   node e2e/bench/waterfall.mjs [--origin=http://localhost:3000] [--profile=mobile|desktop] [/path …]
//
// Without --origin it starts the built portal itself (portal.mjs, as page-metrics.mjs does) on a fresh database. Signs in once as
// harbor-owner (for the paths other than /login), then loads each path in a new context with the chosen profile and
// prints every request: when it started and finished (ms from navigation), its size, whether a preload served it, and
// what started it. Requests made twice, preloads left unused and console warnings are listed after each load.
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { startPortal } from './portal.mjs';

const args = process.argv.slice(2);
const option = (name) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const profileName = option('profile') ?? 'mobile';
const paths = args.filter((arg) => !arg.startsWith('--'));
if (paths.length === 0) paths.push('/billing');

const PROFILES = {
  desktop: { context: { viewport: { width: 1366, height: 900 } }, network: null, cpuRate: 1 },
  mobile: {
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (0.75 * 1024 * 1024) / 8,
    },
    cpuRate: 4,
  },
};
const profile = PROFILES[profileName];
if (!profile) throw new Error(`unknown profile ${profileName}`);

async function signIn(browser, origin) {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/api/pub/sbnetloginedge/login?targetUrl=%2Faccount-summary');
  await page.locator('input[name="username"]').fill('harbor-owner');
  await page.locator('input[name="password"]').fill('Vireo-Demo-2026');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/account-summary', { timeout: 30_000 });
  const newest = (await (await page.request.get('/api/pub/billing/v1/statements?limit=1')).json()).items?.[0];
  const state = await context.storageState();
  await context.close();
  return { state, statementId: newest?.id };
}

async function load(browser, origin, path, storageState) {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-US', ...profile.context, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Log.enable');
  await cdp.send('Network.clearBrowserCache');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  const requests = new Map();
  let start = null;
  const warnings = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (start === null) start = event.timestamp;
    const initiator = event.initiator?.type === 'parser' ? 'parser' : event.initiator?.type;
    requests.set(event.requestId, {
      url: event.request.url.replace(origin, ''),
      method: event.request.method,
      type: event.type,
      started: event.timestamp,
      initiator,
      accept: event.request.headers.Accept,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.status = event.response.status;
      request.fromPreload = event.response.fromPrefetchCache || undefined;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.finished = event.timestamp;
      request.bytes = event.encodedDataLength;
    }
  });
  cdp.on('Log.entryAdded', ({ entry }) => warnings.push(`${entry.level}: ${entry.text}`));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      warnings.push(`${message.type()}: ${message.text()}`);
  });
  const tracing = option('trace') !== undefined;
  if (tracing)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing', 'loading'],
    });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Chromium warns about an unused preload a few seconds after the load event.
  await page.waitForTimeout(3_500);
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries.at(-1);
          resolve({ time: Math.round(last.startTime), element: last.element?.tagName ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    return resources.map((entry) => ({ name: entry.name, initiatorType: entry.initiatorType }));
  });
  const trace = tracing ? JSON.parse((await browser.stopTracing()).toString()) : null;
  if (trace && option('trace') !== '1') (await import('node:fs')).writeFileSync(option('trace'), JSON.stringify(trace));
  await context.close();
  if (trace) printTasks(trace, start);

  console.log(`\n== ${path} (${profileName}): LCP ${lcp.time} ms (${lcp.element}), final URL requests:`);
  const rows = [...requests.values()].sort((a, b) => a.started - b.started);
  const ms = (t) => (t === undefined ? '   ?' : String(Math.round((t - start) * 1000)).padStart(5));
  for (const r of rows) {
    console.log(
      `${ms(r.started)} → ${ms(r.finished)}  ${String(r.status ?? '').padEnd(3)} ${String(r.bytes ?? '').padStart(6)} B  ${(r.type ?? '').padEnd(10)} ${(r.initiator ?? '').padEnd(8)} ${r.url}`,
    );
  }
  const seen = new Map();
  for (const r of rows) seen.set(`${r.method} ${r.url}`, (seen.get(`${r.method} ${r.url}`) ?? 0) + 1);
  const twice = [...seen].filter(([, count]) => count > 1);
  console.log(
    `requested more than once: ${twice.length === 0 ? 'none' : twice.map(([url, n]) => `${url} ×${n}`).join(', ')}`,
  );
  const resourceCounts = new Map();
  for (const entry of timing)
    resourceCounts.set(entry.name, [...(resourceCounts.get(entry.name) ?? []), entry.initiatorType]);
  const dup = [...resourceCounts].filter(([, kinds]) => kinds.length > 1);
  console.log(
    `resource timing entries more than once: ${dup.length === 0 ? 'none' : dup.map(([u, k]) => `${u.replace(origin, '')} (${k.join(', ')})`).join('; ')}`,
  );
  console.log(`warnings: ${warnings.length === 0 ? 'none' : `\n  ${warnings.join('\n  ')}`}`);
}

/** Main-thread tasks of the page (RunTask over 15 ms, with what ran in them), ms from navigation. */
function printTasks(trace, start) {
  const events = trace.traceEvents ?? trace;
  // CDP's timestamps (s) and the trace's (µs) share the monotonic clock: 0 is the document's request.
  const origin = start * 1e6;
  // the page's main thread: the renderer main thread that ran the most script
  const counts = new Map();
  for (const event of events) {
    if (event.name === 'FunctionCall' || event.name === 'v8.evaluateModule') {
      const key = `${event.pid}:${event.tid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const mainKey = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = events.filter((event) => `${event.pid}:${event.tid}` === mainKey && event.ph === 'X');
  const tasks = main.filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.dur > 15_000);
  const kinds = new Set([
    'EvaluateScript',
    'v8.compileModule',
    'v8.evaluateModule',
    'FunctionCall',
    'ParseHTML',
    'Layout',
    'UpdateLayoutTree',
    'Paint',
    'TimerFire',
    'EventDispatch',
    'v8.compile',
    'RunMicrotasks',
    'v8.run',
    'BlinkScheduler_PerformMicrotaskCheckpoint',
    'AnimationFrame::Render',
    'AnimationFrame::StyleAndLayout',
  ]);
  console.log('main-thread tasks over 15 ms (ms from the document request):');
  let busy = 0;
  for (const task of tasks) {
    busy += task.dur;
    const inner = main
      .filter((event) => event.ts >= task.ts && event.ts < task.ts + task.dur && event.dur > 5_000 && event !== task)
      .filter((event) => kinds.has(event.name))
      .slice(0, 5)
      .map((event) => {
        const data = event.args?.data ?? {};
        const what = data.url
          ? `(${data.url.replace(/^.*\//, '')})`
          : data.functionName
            ? `(${data.functionName})`
            : '';
        return `${event.name}${what} ${Math.round(event.dur / 1000)}`;
      });
    console.log(
      `  ${String(Math.round((task.ts - origin) / 1000)).padStart(5)} +${String(Math.round(task.dur / 1000)).padStart(4)} ms  ${inner.join(', ')}`,
    );
  }
  console.log(`  (${Math.round(busy / 1000)} ms in those tasks)`);
}

const portal = option('origin')
  ? { origin: option('origin'), stop: async () => {} }
  : await startPortal({ webDistDir: option('dist') });
const browser = await chromium.launch({
  executablePath: findChromium(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const needsSession = paths.some((path) => !path.startsWith('/api/pub/sbnetloginedge'));
  const { state, statementId } = needsSession ? await signIn(browser, portal.origin) : {};
  for (const path of paths) {
    const resolved = path.replace('$statementId', statementId ?? '');
    await load(browser, portal.origin, resolved, path.startsWith('/api/pub/sbnetloginedge') ? undefined : state);
  }
} finally {
  await browser.close();
  await portal.stop();
}
