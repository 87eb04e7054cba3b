// The in-page half of the page-metrics benchmark (page-metrics.mjs): web-vitals' IIFE build plus a small probe, given
// to `page.addInitScript` so that it runs before any of the portal's scripts, from the very start of each navigation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** dist/web-vitals.iife.js of the installed web-vitals (v6): it declares `var webVitals`. */
function webVitalsIife() {
  // The package's `exports` offer no path to the IIFE; its `require` entry lives in the same dist/ directory.
  const dist = dirname(require.resolve('web-vitals'));
  return readFileSync(join(dist, 'web-vitals.iife.js'), 'utf8');
}

/**
 * Runs in the page (serialised with `toString()`, so it may use nothing from this module). Collects into
 * `window.__benchVitals`:
 * - `lcp`: web-vitals `onLCP`, final value only (reported once LCP is finalized by a trusted keydown/click or the page
 *   being hidden, see web-vitals' README and src/onLCP.ts); `lcpLive` is the latest candidate (`reportAllChanges`);
 * - `cls`: `onCLS` with `reportAllChanges`, so the current value is known at any moment (0 is reported too, right after
 *   FCP) together with the elements that shifted;
 * - `inp`: `onINP` with `reportAllChanges` and the lowest `durationThreshold` the Event Timing API allows (16 ms), so
 *   every interaction that takes at least a frame counts (the first input is always observed);
 * - `fcp`: `onFCP`; `longTasks`: every `longtask` entry (the observer starts with the document, `buffered` on top).
 */
function probe(vitals) {
  if (window !== window.top || window.__benchVitals) return;
  const state = {
    lcp: null,
    lcpLive: null,
    lcpElement: null,
    cls: null,
    shifts: [],
    inp: null,
    inpEvent: null,
    fcp: null,
    longTasks: [],
    errors: [],
  };
  window.__benchVitals = state;

  const describe = (node) => {
    if (!node) return null;
    if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
    const id = node.id ? `#${node.id}` : '';
    const testId = node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : '';
    const text = (node.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${node.tagName.toLowerCase()}${id}${testId}${text ? ` "${text}"` : ''}`;
  };

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    state.errors.push(`longtask observer: ${error}`);
  }

  if (!vitals) {
    state.errors.push('web-vitals did not load');
    return;
  }
  vitals.onFCP((metric) => {
    state.fcp = metric.value;
  });
  vitals.onLCP((metric) => {
    state.lcp = metric.value;
    state.lcpElement = describe(metric.entries.at(-1)?.element);
  });
  vitals.onLCP(
    (metric) => {
      state.lcpLive = metric.value;
    },
    { reportAllChanges: true },
  );
  vitals.onCLS(
    (metric) => {
      state.cls = metric.value;
      state.shifts = metric.entries.map((entry) => ({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: (entry.sources || []).map((source) => describe(source.node)),
      }));
    },
    { reportAllChanges: true },
  );
  vitals.onINP(
    (metric) => {
      state.inp = metric.value;
      const entry = metric.entries[0];
      state.inpEvent = entry ? `${entry.name} on ${describe(entry.target)}` : null;
    },
    { reportAllChanges: true, durationThreshold: 16 },
  );
}

/**
 * The init script: web-vitals first, then the probe, given the `webVitals` the IIFE declares. Playwright may wrap an
 * init script in a function, so that `var` is not necessarily a global: it is passed on within the same script.
 */
export function probeScript() {
  return `${webVitalsIife()}\n;(${probe.toString()})(typeof webVitals === 'undefined' ? undefined : webVitals);\n`;
}

/** What the probe has collected so far, and the page's clock (`performance.now()`). */
export function readProbe(page) {
  return page.evaluate(() => ({ ...window.__benchVitals, now: performance.now() }));
}
