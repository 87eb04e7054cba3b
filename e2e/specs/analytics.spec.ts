import type { Page, Request } from '@playwright/test';
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_EVENTS_PER_BATCH,
  ANALYTICS_EXIT_CHUNK_BYTES,
  ANALYTICS_MAX_MESSAGE_BYTES,
  ANALYTICS_SEND_INTERVAL_MS,
  type AnalyticsBatch,
  CSRF_HEADER,
  CSRF_PATH,
  DEV_ANALYTICS_EVENTS_PATH,
  type DevAnalyticsPage,
} from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 23 items 1-2 (spec §7.3, wider-portal.md §11): the analytics client in the browser against the real ingest.
// What the page sent is read from its requests; what the server kept, from the non-production viewer's API
// (`/api/dev/analytics/v1/events`, filtered by trace id: other specs' pages send to the same server).

const USER = 'harbor-billing';
/** What identifies Harbor or its billing user (demo-data.md; the seed's account number): never in a batch. */
const IDENTIFYING = ['8260170010011234', 'harbor-billing', 'harborcoffee.example', 'Harbor Coffee'];
/** lib/analytics/client.ts: the sessionStorage key of a tab's queue. */
const QUEUE_STORAGE_KEY = 'vireo.analytics.queue';
/** A page open to visitors that stays where it is (the sign-in page leaves for the login edge and comes back). */
const OPEN_PAGE = '/support';

type SentBatch = { batch: AnalyticsBatch; bytes: number; at: number };

/** Every batch the page sends to the ingest, as sent. */
function watchBatches(page: Page): SentBatch[] {
  const sent: SentBatch[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(ANALYTICS_EVENTS_PATH)) return;
    const body = request.postData() ?? '';
    sent.push({ batch: JSON.parse(body) as AnalyticsBatch, bytes: Buffer.byteLength(body), at: Date.now() });
  });
  return sent;
}

async function keptWithTrace(page: Page, traceId: string) {
  const answer = await page.request.get(`${DEV_ANALYTICS_EVENTS_PATH}?traceId=${traceId}&limit=100`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as DevAnalyticsPage).items;
}

/** Every kept event carrying `traceId`, through all the viewer's pages. */
async function allKeptWithTrace(page: Page, traceId: string) {
  const items: DevAnalyticsPage['items'] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const answer = await page.request.get(`${DEV_ANALYTICS_EVENTS_PATH}?traceId=${traceId}&limit=100${query}`);
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as DevAnalyticsPage;
    items.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

/**
 * `count` API call events carrying `traceId`, as a tab's stored queue holds them, numbered by `durationMs`; `large`:
 * about 1.1 kB each (twenty long query keys), else about 250 bytes.
 */
function queuedCalls(traceId: string, count: number, large: boolean) {
  const queryKeys = large ? Array.from({ length: 20 }, (_, i) => `key${i}_${'k'.repeat(34)}`) : [];
  return Array.from({ length: count }, (_, i) => ({
    type: 'api_call',
    at: new Date(Date.now() - 60_000 + i).toISOString(),
    method: 'GET',
    host: 'localhost',
    path: '/api/pub/session/v1/profile',
    queryKeys,
    durationMs: i,
    status: 200,
    success: true,
    traceId,
    platform: 'web',
  }));
}

/** The tab's stored queue, set once before the page's own scripts (a reload keeps what the client made of it). */
async function seedQueue(page: Page, events: unknown[]) {
  await page.addInitScript(
    ([key, value]) => {
      // about:blank has no storage of the portal's
      if (window.location.protocol === 'about:' || window.sessionStorage.getItem('e2e.seeded')) return;
      window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e.seeded', '1');
    },
    [QUEUE_STORAGE_KEY, JSON.stringify({ events, dropped: 0 })] as const,
  );
}

const carrying = (sent: SentBatch[], traceId: string) =>
  sent.flatMap((entry) => entry.batch.events).filter((event) => event.type === 'api_call' && event.traceId === traceId);

test.describe('analytics', () => {
  test.describe('signed in', () => {
    // the statement that is not there answers 404, which the browser logs as a failed resource
    test.use({ allowedHttpErrors: [404] });
    test('[ANALYTICS] a signed-in visit is kept as page views and API calls with trace ids, its error too, nothing identifying', async ({
      page,
      t,
    }) => {
      test.slow();
      const sent = watchBatches(page);
      const traces = new Map<string, string>();
      page.on('response', (response) => {
        const trace = response.headers()['x-trace-id'];
        if (trace && response.url().includes('/api/pub/')) traces.set(new URL(response.url()).pathname, trace);
      });
      await signIn(page, t, USER, '/account-summary');
      await expect(page).toHaveURL(/\/account-summary$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // three pages, by the menu as a person goes (one page of the app: the router's page views)
      const menu = page.getByRole('navigation', { name: t('nav.label') });
      for (const [name, path] of [
        ['nav.billing', '/billing'],
        ['nav.services', '/services'],
      ] as const) {
        await menu.getByRole('link', { name: t(name), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // the router has resolved the page (its loaders done): its page view is recorded then
        await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
      }
      // an API error: a statement that does not exist (404 NOT_FOUND from the statements API)
      const missing = '00000000-0000-4000-8000-000000000000';
      await page.evaluate((path) => {
        // the app's own navigation to a statement that is not there (as a stale link in a bookmark list would be)
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/billing/view-statements/${missing}`);
      await expect.poll(() => traces.get(`/api/pub/billing/v1/statements/${missing}`)).toBeTruthy();
      const errorTrace = traces.get(`/api/pub/billing/v1/statements/${missing}`) as string;

      // the page's batches bring the error's call and the error itself to the server
      await expect.poll(async () => (await keptWithTrace(page, errorTrace)).length, { timeout: 15_000 }).toBe(2);
      const kept = await keptWithTrace(page, errorTrace);
      const call = kept.find((item) => item.event.type === 'api_call')?.event;
      expect(call).toMatchObject({
        method: 'GET',
        path: '/api/pub/billing/v1/statements/:statementId',
        status: 404,
        success: false,
        traceId: errorTrace,
        platform: 'web',
      });
      expect(kept.find((item) => item.event.type === 'error')?.event).toMatchObject({
        code: 'NOT_FOUND',
        traceId: errorTrace,
        clientCode: null,
        personalSecurityCode: false,
      });
      // kept as the signed-in person's, by pseudonym
      expect(kept[0]?.person).toMatch(/^[0-9a-f]{8}$/);

      // the page views by their route templates, and a successful call by its trace id
      const events = sent.flatMap((entry) => entry.batch.events);
      const pages = events.flatMap((event) => (event.type === 'page_view' ? [event.page] : []));
      expect(pages).toEqual(expect.arrayContaining(['/account-summary', '/billing', '/services']));
      expect(pages).toContain('/billing/view-statements/$statementId');
      const profileTrace = traces.get('/api/pub/session/v1/profile') as string;
      expect(profileTrace).toBeTruthy();
      await expect
        .poll(async () => (await keptWithTrace(page, profileTrace)).map((item) => item.event.type), { timeout: 15_000 })
        .toContain('api_call');

      // every batch within the limits, and nothing identifying the account or the person, nor an id of a path
      expect(sent.length).toBeGreaterThanOrEqual(1);
      // one batch every 2000 ms at most
      for (let i = 1; i < sent.length; i++) {
        expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThan(ANALYTICS_SEND_INTERVAL_MS - 200);
      }
      for (const entry of sent) {
        expect(entry.bytes).toBeLessThanOrEqual(ANALYTICS_MAX_MESSAGE_BYTES);
        expect(entry.batch.events.length).toBeLessThanOrEqual(ANALYTICS_EVENTS_PER_BATCH);
        for (const text of [...IDENTIFYING, missing]) expect(JSON.stringify(entry.batch)).not.toContain(text);
      }
    });
  });

  test('[ANALYTICS] a stored queue over its cap loses its oldest, counted, and goes in batches within the limits', async ({
    page,
  }) => {
    test.slow();
    const sent = watchBatches(page);
    // A tab's stored queue as a reload finds it: 1,200 events, over the cap of 1,000
    const capped = `cap-${Date.now().toString(36)}`;
    await seedQueue(page, queuedCalls(capped, 1_200, false));
    // the help centre: a page open to visitors that stays where it is (the sign-in page leaves for the login edge)
    await page.goto(OPEN_PAGE);
    // the page's own first events (its view, its calls) join the queue too, and push out as many of the oldest
    await expect
      .poll(() => sent.reduce((sum, entry) => sum + (entry.batch.dropped ?? 0), 0), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(200);
    const dropped = sent.reduce((sum, entry) => sum + (entry.batch.dropped ?? 0), 0);
    expect(dropped).toBeLessThan(230);
    await expect.poll(() => carrying(sent, capped).length, { timeout: 30_000 }).toBe(1_200 - dropped);
    // the newest kept, in order: the oldest were the ones dropped
    expect(carrying(sent, capped).map((event) => (event.type === 'api_call' ? event.durationMs : -1))).toEqual(
      Array.from({ length: 1_200 - dropped }, (_, i) => dropped + i),
    );
    // in batches of at most 400 events and 150,000 bytes, every one kept by the server, once
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const entry of sent) {
      expect(entry.bytes).toBeLessThanOrEqual(ANALYTICS_MAX_MESSAGE_BYTES);
      expect(entry.batch.events.length).toBeLessThanOrEqual(ANALYTICS_EVENTS_PER_BATCH);
    }
    expect(sent.some((entry) => entry.batch.events.length === ANALYTICS_EVENTS_PER_BATCH)).toBe(true);
    await expect
      .poll(async () => (await allKeptWithTrace(page, capped)).length, { timeout: 15_000 })
      .toBe(1_200 - dropped);
  });

  test.describe('at page exit', () => {
    // the ingest held back (503) is logged by the browser as a failed resource
    test.use({ allowedHttpErrors: [503] });
    test('[ANALYTICS] at page exit a chunk under 60 KB goes by keepalive; the rest after the reload, nothing lost or twice', async ({
      page,
    }) => {
      test.slow();
      const sent = watchBatches(page);
      const exit = `exit-${Date.now().toString(36)}`;
      // 150 events of about 1.1 kB: more than one exit chunk holds
      await seedQueue(page, queuedCalls(exit, 150, true));
      // the ingest is held back (503, Retry-After 600; with the headers every answer of the portal has): it waits
      const headers = (await page.request.get('/api/pub/meta/v1/config')).headers();
      await page.route(`**${ANALYTICS_EVENTS_PATH}`, (route) =>
        route.fulfill({ status: 503, headers: { ...headers, 'retry-after': '600' }, body: '' }),
      );
      await page.goto(OPEN_PAGE);
      await expect.poll(() => carrying(sent, exit).length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await keptWithTrace(page, exit)).toHaveLength(0);
      await page.unroute(`**${ANALYTICS_EVENTS_PATH}`);
      const before = sent.length;
      // leaving the page sends what the keepalive budget takes: one chunk under 60 KB
      await page.goto('about:blank');
      await expect
        .poll(async () => (await allKeptWithTrace(page, exit)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      const atExit = (await allKeptWithTrace(page, exit)).length;
      expect(atExit).toBeGreaterThan(20);
      // one chunk of events of this size, under 60 KB (the server says so whether or not the browser shows the request)
      const eventBytes = JSON.stringify(queuedCalls(exit, 1, true)[0]).length;
      expect(atExit * eventBytes).toBeLessThan(ANALYTICS_EXIT_CHUNK_BYTES);
      for (const entry of sent.slice(before)) expect(entry.bytes).toBeLessThan(ANALYTICS_EXIT_CHUNK_BYTES);
      // back on the portal, the rest of the stored queue goes: every event kept once
      await page.goto(OPEN_PAGE);
      await expect
        .poll(
          async () => {
            const items = await allKeptWithTrace(page, exit);
            const numbers = new Set(items.map((item) => (item.event.type === 'api_call' ? item.event.durationMs : -1)));
            return { kept: items.length, distinct: numbers.size };
          },
          { timeout: 20_000 },
        )
        .toEqual({ kept: 150, distinct: 150 });
    });
  });

  for (const appLocale of ['en', 'es'] as const) {
    test.describe(`the viewer (${appLocale})`, () => {
      test.use({ appLocale });
      test(`[ANALYTICS] /dev/analytics finds a batch's events by trace id and by kind, by keyboard, 0 axe violations (${appLocale})`, async ({
        page,
        t,
      }) => {
        // a batch of its own, as a visitor's page sends it (the anonymous anti-forgery pair)
        const traceId = `viewer-${appLocale}-${Date.now().toString(36)}`;
        const at = new Date().toISOString();
        const { csrfToken } = (await (await page.request.get(CSRF_PATH)).json()) as { csrfToken: string };
        const batch: AnalyticsBatch = {
          events: [
            { ...queuedCalls(traceId, 1, false)[0], at, path: '/api/pub/billing/v1/statements/:statementId' },
            { type: 'error', at, code: 'NETPSC-0042', clientCode: 'NETPSC', personalSecurityCode: true, traceId },
          ] as AnalyticsBatch['events'],
        };
        const answer = await page.request.post(ANALYTICS_EVENTS_PATH, {
          headers: { [CSRF_HEADER]: csrfToken },
          data: batch,
        });
        expect(answer.status()).toBe(202);

        await page.goto('/dev/analytics');
        await expect(page.getByRole('heading', { level: 1, name: t('analyticsViewer.title') })).toBeVisible();
        const table = page.getByRole('table', { name: t('analyticsViewer.table.caption') });
        await expect(table.or(page.getByRole('heading', { name: t('analyticsViewer.empty.title') }))).toBeVisible();
        await expectNoAxeViolations(page);
        // by keyboard: the trace id, then Enter
        await page.getByRole('textbox', { name: t('analyticsViewer.filter.traceId') }).focus();
        await page.keyboard.type(traceId);
        await page.keyboard.press('Enter');
        await expect(table.getByRole('row')).toHaveCount(3);
        await expect(table).toContainText('GET /api/pub/billing/v1/statements/:statementId');
        await expect(table).toContainText('NETPSC-0042');
        await expect(table).toContainText(t('analyticsViewer.error.securityCode'));
        await expect(table).toContainText(t('analyticsViewer.sender.visitor'));
        await expectNoAxeViolations(page);
        // and the API calls only: the kind's select by its arrows (every kind, page view, API call), then Apply
        await page.getByRole('combobox', { name: t('analyticsViewer.filter.type') }).focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        // past the trace id and the support code (item 4) to Apply
        for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: t('analyticsViewer.filter.apply') })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(table.getByRole('row')).toHaveCount(2);
        await expect(table).toContainText(t('analyticsViewer.type.apiCall'));
        await expect(table).not.toContainText('NETPSC-0042');
      });
    });
  }
});
