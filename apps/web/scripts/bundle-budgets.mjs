// The bundle budgets of quality-bars.md "Performance", as size-limit checks computed from the production build's
// Vite manifest (vite.config.ts moves it to MANIFEST_PATH). `.size-limit.mjs` at the repository root loads these
// checks; `npm run size` (apps/web/scripts/size-report.mjs) prints them with their targets.
//
// A route's initial JavaScript is every file its first render downloads: the entry chunk and the chunks it imports
// statically, the core messages (bootstrap waits for them), the signed-in chrome on pages behind sign-in, and the
// route's lazy chunk(s) with their static imports and their message slices (build/message-slices.ts). Chunk names
// change with every build; the lists are derived anew from the manifest each time, so they stay true when modules
// move between chunks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
/** `.size-limit.mjs` is at the repository root, and size-limit resolves paths from its config's folder. */
const ROOT = join(WEB, '../..');
export const DIST = join(WEB, 'dist');
export const MANIFEST_PATH = join(WEB, '../../node_modules/.cache/vireo-web/manifest.json');
/** Which message slice each lazy module brings, per language (build/message-slices.ts). */
export const SLICES_PATH = join(WEB, '../../node_modules/.cache/vireo-web/message-slices.json');

/** quality-bars.md "Performance" (kB = 1,000 bytes, gzipped). Never raise one above the quality bar. */
export const TARGETS = {
  initialKb: 170,
  lazyChunkKb: 60,
  /**
   * quality-bars.md reports the whole app and lets it grow (at most 40 kB per new area): 400 kB for billing, 410 kB
   * since issue 14's trust work (ADR 012, amended 2026-11-24), 420 kB since issue 16's account summary hub and the
   * pages of the areas still to come (amended 2026-11-27), 460 kB since issue 17's open doors (the area's 40 kB), 480 kB
   * since issue 18's people area (step-up, users, audit log: 439.7 kB before it, so at most 479.7 kB; ADR 012), 482 kB
   * since wider-portal.md §3's Profile & Settings area began (issue 18 item 2, the Security section: +4.7 kB, of which
   * the page's own chunk 2.8 kB and its messages in both languages the rest; the area may grow to 519.7 kB), 488 kB
   * since its Personal and Company sections (issue 18 item 1: 481.2 kB before, 486.4 kB after; the page's chunk 10.2 ->
   * 16.0 kB with its messages, no phone library in the browser: the server reads the numbers), 495 kB since its
   * passkeys (issue 18 item 2: 494.6 kB; @simplewebauthn/browser as its own lazy chunk, the passkey list and messages),
   * 496 kB since the same work's last messages (495.1 kB measured after the error-status table left the web's bundle),
   * 501 kB since its Notifications section and "This wasn't me" page (issue 18 item 4: 500.6 kB measured; the section
   * in the page's lazy chunk, 20.3 kB with its messages, and its messages in both whole catalogs and slices), 502 kB
   * since the audit log names the security and notification actions (501.0 kB measured: five actions in en/es), 503 kB
   * since the step-up's passkey way and the words of links that are not renewed from themselves (502.4 kB measured),
   * 510 kB since issue 19's area (services and voice, wider-portal.md §5-§6) began with the services page (503.0 kB
   * before it, with the audit log's words for sign-ins and step-ups; 509.6 kB after: the page's chunk 7.4 kB with its
   * messages; the area may grow to 543 kB, 503.0 + 40), 535 kB since its value-added services, security pages and
   * voicemail page (534.2 kB measured; ADR 012's amendment of the same day: 8.8 kB of the area's 40 left), 470 kB since
   * the build ships no whole catalogs (467.2 kB measured; the same build of the commit before issue 19's area: 443.2 kB,
   * so the area may grow to 483.2 kB; ADR 012, amendment of 2026-11-29 morning), 490 kB since the voice manager's line
   * pages (call logs, lines, forwarding with the rule simulator, Call Guard: 488.1 kB measured). Issue 19 holds two
   * areas of the hub, services and voice (wider-portal.md §5, §6), each with its 40 kB: the same build without the
   * voice area is 459.4 kB, so services may reach 483.2 kB (443.2 + 40) and the whole app 523.2 kB with voice's 40;
   * 495 kB since change of service (/upgrade, /buy: 492.9 kB measured, with 7-character file hashes; 494.4 kB with
   * the product pages and /services/voice/phone), 499 kB since the voice card of spec §3/§4 and the voice version page
   * (498.3 kB measured; the card is its own lazy chunk, so /account-summary's first load went 168.9 -> 164.7 kB), 505 kB
   * since issue 20's technician visits area began with /service-appointments (498.4 kB before it, 504.8 kB with it:
   * the page’s chunk 14.7 kB with its messages; the area may grow to 538.4 kB, 498.4 + 40), 506 kB since the mobile
   * payment panel stopped loading the Auto Pay offer rules (505.4 kB measured from a fresh install; ADR 012), 509 kB
   * since the visit tracking page and the one-visit pages (508.3 kB measured: the area's pages in one lazy chunk), 510 kB
   * since issue 20's outages area (wider-portal.md §8) began with the alerts (509.8 kB measured; the area may grow to
   * 548.3 kB, 508.3 + 40), 545 kB since its outage map (544.7 kB measured: the page's chunk 14.5 kB with its messages,
   * the map's own chunk 28.8 kB, Leaflet's source modules for vector areas only, and the Leaflet rules it needs),
   * 547 kB since the outage callbacks, credits and letters page (/outage-callback in the area's chunk: 550.2 kB with
   * it, 546.5 kB once the map drew its polygons without Leaflet's GeoJSON layer, whose markers, icons and circles it
   * never used: the map's chunk 28.8 -> 25.0 kB; the area may still reach 548.3 kB), 555 kB since issue 21's help
   * area (wider-portal.md §9) began with the help centre and its search (546.5 kB before it, 554.8 kB with /support,
   * the topics, articles, /disclaimers and /search-results in one lazy chunk of 10.5 kB with its messages; the area may
   * grow to 586.5 kB, 546.5 + 40), 558 kB since its contact page (/contactus in the same chunk, 15.5 kB with the
   * store finder and its messages: 557.3 kB measured; route-table.ts names each area page's export by `screenOf`, and
   * the portal configuration's endpoint is an entity, so the page adds nothing to the entry), 575 kB since its support
   * forms (/support/forms: the form, files, consent, the user's tickets and a visitor's status, 574.6 kB measured; the
   * file download moved out of the entry chunk into lib/api-file.ts, so every first load got lighter), 581 kB since
   * its troubleshooting (/troubleshoot-stub and -2: 580.1 kB measured, the pages' chunk 8.2 kB; the area may still
   * reach 586.5 kB), 589 kB since self-install and the speed test (spec §2.1's own lazy routes, an area of their own
   * from 580.4 kB: 597.1 kB with them, 589.0 kB once a lazy chunk's file is its hash alone, which took ~1.5 kB off
   * every first load too; ADR 012 amendment), 590 kB since the secret field with its show switch is one component
   * (components/ui/revealable-field.tsx: 589.2 kB), 596 kB since the community area's portfolio and units (issue 22,
   * an area of its own from 589.9 kB: 595.1 kB measured; ADR 012 amendment), 624 kB since its unit page, property
   * settings and tech amenities (three lazy chunks, 20.1 + 20.3 + 14.6 kB: 623.2 kB measured; the area may still
   * reach 629.9 kB), 630 kB since its residents import (a lazy chunk of its own, 2.7 kB with 3.8 kB of messages:
   * 629.8 kB measured; the community area's 40 kB are spent; 630.2 kB in stop 41's CI build, over the budget). Since
   * 2026-12-01 two lazy modules whose message slices are the same text share one file (build/message-slices.ts): the
   * support pages and the support forms had one slice twice per language, and the billing screen one slice for both
   * languages: 621.9 kB measured. The 8.3 kB come off the help area's share, not the community area's, which stays
   * at its 40 kB. 622.6 kB with the community unit's next resident (its section, its refusals and the import's last
   * day in both languages: ~0.5 kB), the speed test's session report and the audit log's word for it: the community
   * area is then ~0.4 kB over its 40 kB (issue 22's note says so; the whole app stays within its budget). 636 kB
   * since issue 23's area (wider-portal.md §11: analytics, privacy, GraphQL, footprint) began: the analytics client
   * (a lazy chunk loaded after the page's load event) and the privacy page and section (635.0 kB measured; the
   * area may grow to 662.6 kB, 622.6 + 40; the non-production viewer /dev/analytics is out of the sum; ADR 012). 642 kB
   * since its support codes (item 4: the trace id of every call, the code under each error message, a lazy chunk of
   * its own; the ticket form's field) and the users page's change dialogs as a chunk of their own, which made room
   * under 170 kB for the users page's first load (640.8 kB measured).
   */
  wholeAppKb: 642,
  cssKb: 25,
  /** Web font files, as served (woff2 is compressed already). */
  fontKb: 60,
  /** Initial JS divided by the React + react-dom floor (69 kB gzipped) is at most 2.5. */
  floorKb: 69,
  floorRatio: 2.5,
};

/** The language a first visit reads (English is the default; Spanish messages are the same size within 10%). */
const LOCALE = 'en';

/**
 * What a signed-in page loads besides its own chunk, as soon as the session profile is known: the side menu and
 * mobile footer navigation (root-layout.tsx); the flags they wait for are data (ADR 023). The session timeout loads
 * after the document's load event (root-layout.tsx `useDocumentLoaded`): not part of a first render.
 */
const SIGNED_IN_CHROME = ['src/app/layouts/signed-in-navigation.tsx'];

const BILLING_SCREEN = 'src/app/routes/billing-screen.tsx';

/**
 * The living style guide (/dev/ui, issue 16 item 6): its route is not found in production and its code is never
 * fetched there (the `nonProduction` guard, app/router.tsx), so what only it loads is no part of the app a customer
 * downloads. Its files get a row of their own and stay out of the whole app's sum: its page chunk and the chunks only
 * it imports and its message slices in every language.
 */
const STYLE_GUIDE = 'src/app/routes/style-guide/style-guide-page.tsx';

/**
 * The mailbox (/dev/mailbox, issue 17 item 1): a non-production page like the style guide, with a row of its own the
 * same way (its page chunk and what only it imports, its message slices).
 */
const MAILBOX = 'src/features/mailbox/components/mailbox-page.tsx';

/** The analytics viewer (/dev/analytics, issue 23 item 2): a non-production page the same way. */
const ANALYTICS_VIEWER = 'src/features/analytics-viewer/components/analytics-viewer-page.tsx';

/**
 * The main routes, one budget row each. `modules` are the lazy modules the route's first render loads (its
 * route-table.ts `screen`, plus the lazy parts a page renders at once).
 */
export const MAIN_ROUTES = [
  { path: '/login', name: 'sign-in', signedIn: false, modules: ['src/features/session/components/sign-in-page.tsx'] },
  { path: '/', name: 'home', signedIn: false, modules: [] },
  {
    path: '/account-summary',
    name: 'account summary',
    signedIn: true,
    modules: ['src/app/routes/account-summary-page.tsx'],
  },
  {
    path: '/billing',
    name: 'billing home',
    signedIn: true,
    modules: [
      'src/app/routes/billing-home-page.tsx',
      // Rendered at once in the billing home's slots (app/routes/billing-home-page.tsx).
      'src/features/autopay/components/failed-draft-banner.tsx',
      'src/features/autopay/components/paperless-setting.tsx',
    ],
  },
  {
    path: '/billing/view-statements/$statementId',
    name: 'statement detail',
    signedIn: true,
    modules: ['src/features/billing/components/statement-detail-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/pay-bill',
    name: 'pay bill',
    signedIn: true,
    modules: ['src/app/routes/pay-bill-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/view-statements',
    name: 'statements',
    signedIn: true,
    modules: ['src/features/billing/components/statements-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/account-activity',
    name: 'account activity',
    signedIn: true,
    modules: ['src/features/billing/components/account-activity-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/payment-history',
    name: 'payment history',
    signedIn: true,
    modules: ['src/features/billing/components/payment-history-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/bill-pay-options',
    name: 'payment methods',
    signedIn: true,
    modules: ['src/features/wallet/components/wallet-page.tsx', BILLING_SCREEN],
  },
  {
    path: '/billing/mobile',
    name: 'mobile billing',
    signedIn: true,
    modules: [
      'src/app/routes/mobile-billing-page.tsx',
      // Rendered at once in the balance card (its quick-pay slot, app/routes/mobile-billing-page.tsx).
      'src/features/payments/components/mobile-quick-pay.tsx',
    ],
  },
  {
    path: '/billing/mobile/pay',
    name: 'mobile payment',
    signedIn: true,
    modules: [
      'src/app/routes/mobile-payment-page.tsx',
      // The page is this panel (app/routes/mobile-payment-page.tsx).
      'src/features/payments/components/mobile-payment-panel.tsx',
    ],
  },
  {
    path: '/billing/mobile/orders/$orderId',
    name: 'mobile order',
    signedIn: true,
    modules: ['src/features/mobile/components/mobile-order-detail-page.tsx'],
  },
  {
    path: '/billing/streaming',
    name: 'streaming subscriptions',
    signedIn: true,
    modules: ['src/features/mobile/components/streaming-page.tsx'],
  },
  {
    path: '/billing/mobile/transactions',
    name: 'mobile transactions',
    signedIn: true,
    modules: ['src/features/mobile/components/mobile-transactions-page.tsx'],
  },
  // issue 18 item 5: the users page (also at /user-preferences/people, the same screen)
  {
    path: '/manage-users/list',
    name: 'users',
    signedIn: true,
    modules: ['src/features/users/components/users-page.tsx'],
  },
  // issue 22 items 2-3: the community portfolio (its chunk also holds a property's units)
  {
    path: '/community',
    name: 'community portfolio',
    signedIn: true,
    modules: ['src/features/community/components/community-pages.ts'],
  },
];

/** The message slices of the build: `core` loads at bootstrap, `slices[module]` with that lazy module. */
export function readSlices() {
  if (!existsSync(SLICES_PATH)) {
    throw new Error(`${relative(process.cwd(), SLICES_PATH)} is missing: run \`npm run build -w @vireo/web\` first`);
  }
  return JSON.parse(readFileSync(SLICES_PATH, 'utf8'));
}

export function readManifest() {
  if (!existsSync(MANIFEST_PATH)) {
    throw new Error(`${relative(process.cwd(), MANIFEST_PATH)} is missing: run \`npm run build -w @vireo/web\` first`);
  }
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8'));
}

/**
 * The manifest key of a module. A lazy module that is also imported statically elsewhere is keyed by its chunk
 * (`_<name>-<hash>.js`), so the chunk of that name stands in for it. A module that is not found fails the
 * budgets: the route table above must follow the source.
 */
function keyOf(manifest, module) {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const keys = Object.keys(manifest).filter((key) => manifest[key].name === name && !manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`bundle budgets: no chunk for ${module} in the Vite manifest`);
  return keys[0];
}

/** The chunk files that loading `keys` downloads: each chunk and, transitively, its static imports. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const fromRoot = (file) => relative(ROOT, join(DIST, file));
const files = (manifest, keys) => [...keys].map((key) => fromRoot(manifest[key].file));

const limit = (kb) => `${kb} kB`;

/**
 * A non-production page's files (paths under dist/): the chunks that only its page loads (none of the app's other
 * entries reaches them) and its message slices in every language.
 */
function devPageFiles(manifest, slices, module) {
  const page = keyOf(manifest, module);
  const others = Object.keys(manifest).filter(
    (key) => key !== page && (manifest[key].isEntry || manifest[key].isDynamicEntry),
  );
  const reachedElsewhere = closure(manifest, others);
  const own = [...closure(manifest, [page])].filter((key) => !reachedElsewhere.has(key));
  const sliceUrls = Object.values(slices.slices[module] ?? {});
  return new Set([...own.map((key) => manifest[key].file), ...sliceUrls.map((url) => url.slice(1))]);
}

/**
 * The build ships no whole catalog (src/messages/index.ts): its slices (core, common, rest and each lazy module's)
 * must hold every message of each language between them, or a message the scan missed could not be shown. Throws,
 * failing the budgets, when one is missing.
 */
export function assertEveryMessageShipped(slices) {
  const messagesDir = join(WEB, 'src/messages');
  const folders = readdirSync(messagesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const locale of Object.keys(slices.core)) {
    const catalog = folders.flatMap((folder) =>
      Object.keys(JSON.parse(readFileSync(join(messagesDir, folder.name, `${locale}.json`), 'utf8'))),
    );
    const urls = [slices.core, slices.common, slices.rest, ...Object.values(slices.slices)].map(
      (urls) => urls?.[locale],
    );
    const shipped = new Set(
      urls.filter(Boolean).flatMap((url) => Object.keys(JSON.parse(readFileSync(join(DIST, url.slice(1)), 'utf8')))),
    );
    const missing = catalog.filter((id) => !shipped.has(id));
    if (missing.length > 0) {
      throw new Error(
        `bundle budgets: ${missing.length} ${locale} messages in no slice of the build: ${missing.slice(0, 5)}`,
      );
    }
  }
}

/**
 * Two slice files with the same text would be downloaded twice for nothing: the build names one file per content
 * (build/message-slices.ts). Throws, failing the budgets, when two files of the map hold the same text.
 */
export function assertNoSliceTwice(slices) {
  const files = new Set(
    [slices.core, slices.common, slices.rest, ...Object.values(slices.slices)].flatMap((urls) =>
      Object.values(urls ?? {}),
    ),
  );
  const byText = new Map();
  for (const url of files) {
    const text = readFileSync(join(DIST, url.slice(1)), 'utf8');
    const other = byText.get(text);
    if (other) throw new Error(`bundle budgets: ${other} and ${url} hold the same messages`);
    byText.set(text, url);
  }
}

/**
 * The budget rows: `check` is the size-limit check (paths relative to the repository root), `budget` says which
 * quality bar it is (initial, lazy, app, styleGuide, mailbox, analyticsViewer, css, font). size-limit rejects options it does not know, hence the wrapper.
 */
export function describeChecks(manifest = readManifest(), slices = readSlices()) {
  assertEveryMessageShipped(slices);
  assertNoSliceTwice(slices);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('bundle budgets: the Vite manifest has no entry');
  const entry = closure(manifest, [entryKey]);
  const rows = [];

  /**
   * The message slices (paths from the root) that loading these lazy modules brings, in the first visit's language:
   * each one's own, and the common slice when one of them names common ids.
   */
  const messageFiles = (modules) => {
    const own = modules.map((module) => slices.slices[module]?.[LOCALE]).filter(Boolean);
    const needsCommon = slices.common && modules.some((module) => slices.withCommon?.includes(module));
    const common = needsCommon ? [slices.common[LOCALE]] : [];
    return [...own, ...common].map((url) => fromRoot(url.slice(1)));
  };

  for (const route of MAIN_ROUTES) {
    const lazyModules = [...(route.signedIn ? SIGNED_IN_CHROME : []), ...route.modules];
    const all = closure(manifest, [entryKey, ...lazyModules.map((module) => keyOf(manifest, module))]);
    rows.push({
      budget: 'initial',
      route: route.path,
      check: {
        name: `initial JS ${route.path} (${route.name})`,
        path: [...files(manifest, all), fromRoot(slices.core[LOCALE].slice(1)), ...messageFiles(lazyModules)],
        limit: limit(TARGETS.initialKb),
      },
    });
  }

  // Every lazy chunk: what loading it adds to what the entry already loaded (the chunk and its own static imports).
  const lazyKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
  for (const key of lazyKeys) {
    const added = files(
      manifest,
      [...closure(manifest, [key])].filter((chunk) => !entry.has(chunk)),
    ).concat(manifest[key].src ? messageFiles([manifest[key].src]) : []);
    rows.push({
      budget: 'lazy',
      route: manifest[key].src ?? key,
      check: {
        name: `lazy chunk ${manifest[key].src ?? manifest[key].name}`,
        path: added,
        limit: limit(TARGETS.lazyChunkKb),
      },
    });
  }

  const assets = readdirSync(join(DIST, 'assets'));
  const styleGuide = devPageFiles(manifest, slices, STYLE_GUIDE);
  const mailbox = devPageFiles(manifest, slices, MAILBOX);
  const analyticsViewer = devPageFiles(manifest, slices, ANALYTICS_VIEWER);
  const devOnly = new Set([...styleGuide, ...mailbox, ...analyticsViewer]);
  rows.push({
    budget: 'app',
    route: '*',
    check: {
      name: 'whole app (all JS, CSS and message files; the non-production pages aside)',
      path: assets
        .filter((file) => /\.(js|css|json)$/.test(file) && !devOnly.has(`assets/${file}`))
        .map((file) => fromRoot(`assets/${file}`)),
      limit: limit(TARGETS.wholeAppKb),
    },
  });
  rows.push({
    budget: 'styleGuide',
    route: '/dev/ui',
    check: {
      name: 'style guide /dev/ui, not loaded in production (its chunks and messages, both languages)',
      path: [...styleGuide].map(fromRoot),
      // a lazy chunk of the app (its target), though no customer ever loads it
      limit: limit(TARGETS.lazyChunkKb),
    },
  });
  rows.push({
    budget: 'mailbox',
    route: '/dev/mailbox',
    check: {
      name: 'mailbox /dev/mailbox, not loaded in production (its chunks and messages, both languages)',
      path: [...mailbox].map(fromRoot),
      // as the style guide: a lazy chunk's target
      limit: limit(TARGETS.lazyChunkKb),
    },
  });
  rows.push({
    budget: 'analyticsViewer',
    route: '/dev/analytics',
    check: {
      name: 'analytics viewer /dev/analytics, not loaded in production (its chunks and messages, both languages)',
      path: [...analyticsViewer].map(fromRoot),
      limit: limit(TARGETS.lazyChunkKb),
    },
  });
  rows.push({
    budget: 'css',
    route: '*',
    check: {
      name: 'CSS',
      path: assets.filter((file) => file.endsWith('.css')).map((file) => fromRoot(`assets/${file}`)),
      limit: limit(TARGETS.cssKb),
    },
  });
  for (const row of rows) row.check.gzip = true;
  rows.push({
    budget: 'font',
    route: '*',
    check: {
      name: 'web fonts (woff2 files, as served)',
      path: assets.filter((file) => file.endsWith('.woff2')).map((file) => fromRoot(`assets/${file}`)),
      limit: limit(TARGETS.fontKb),
      gzip: false,
      brotli: false,
    },
  });
  return rows;
}
