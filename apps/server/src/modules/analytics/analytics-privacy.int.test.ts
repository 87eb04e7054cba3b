import {
  ANALYTICS_CHOICE_COOKIE,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MY_EVENTS_EXPORT_PATH,
  ANALYTICS_MY_EVENTS_PATH,
  ANALYTICS_PRIVACY_PATH,
  type AnalyticsEvent,
  MyAnalyticsExportSchema,
  MyAnalyticsPageSchema,
  PrivacySettingsSchema,
} from '@vireo/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { analyticsEvents, auditEvents } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Issue 23 item 3 (wider-portal.md §11): Global Privacy Control and the person's own choice keep only the operational
 * events (API calls and errors); the privacy page's API shows a person the events kept about them, page by page, as a
 * download, and deletes them, each change with an audit entry. Only the person's own rows, by their pseudonym.
 */
const portal = signedInApp({ clock: fixedClock('2026-11-21T15:00:00Z') });

const PAGE_VIEW: AnalyticsEvent = { type: 'page_view', at: '2026-11-21T14:59:58.000Z', page: '/billing', lang: 'en' };
const call = (traceId: string): AnalyticsEvent => ({
  type: 'api_call',
  at: '2026-11-21T14:59:59.000Z',
  method: 'GET',
  host: 'localhost:3000',
  path: '/api/pub/billing/v1/summary',
  queryKeys: [],
  durationMs: 12,
  status: 200,
  success: true,
  traceId,
  platform: 'web',
});
const ERROR: AnalyticsEvent = {
  type: 'error',
  at: '2026-11-21T14:59:59.500Z',
  code: 'NOT_FOUND',
  clientCode: null,
  personalSecurityCode: false,
  traceId: 'privacy-error-1',
};

const send = (b: Browser, events: AnalyticsEvent[], headers: Record<string, string> = {}) =>
  b.request({ method: 'POST', url: ANALYTICS_EVENTS_PATH, headers: { ...b.csrf(), ...headers }, payload: { events } });
const typesWithTrace = async (traceId: string) =>
  (await portal.database().db.select().from(analyticsEvents)).filter(
    (row) => (row.data as { traceId?: string }).traceId === traceId || row.type === 'page_view',
  );
const lastAudit = async (action: string) =>
  (
    await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
  )[0];

describe('usage analytics limited to operational events', () => {
  it('keeps no page view from a browser that sends Global Privacy Control, its calls and errors all the same', async () => {
    const visitor = await portal.visitor();
    const pagesBefore = (await typesWithTrace('none')).length;
    const answer = await send(visitor, [PAGE_VIEW, call('gpc-call-1'), ERROR], { 'sec-gpc': '1' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: 2 });
    expect((await typesWithTrace('none')).length).toBe(pagesBefore);
    const metrics = (await visitor.request({ url: '/metrics' })).body;
    expect(metrics).toMatch(/vireo_analytics_usage_events_withheld_total\{variant="business"\} 1/);
    // without the signal, the page view is kept
    expect((await send(visitor, [PAGE_VIEW])).json()).toEqual({ accepted: 1 });
  });

  it('turns usage analytics off and on by the person’s choice, with an audit entry and the browser’s hint cookie', async () => {
    const b = await portal.as('harbor-billing');
    const initial = await b.request({ url: ANALYTICS_PRIVACY_PATH });
    expect(PrivacySettingsSchema.parse(initial.json())).toEqual({
      usageAnalytics: true,
      globalPrivacyControl: false,
      collecting: 'all',
    });
    const off = await b.request({
      method: 'PUT',
      url: ANALYTICS_PRIVACY_PATH,
      headers: b.csrf(),
      payload: { usageAnalytics: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ usageAnalytics: false, globalPrivacyControl: false, collecting: 'operational' });
    expect(String(off.headers['set-cookie'])).toContain(`${ANALYTICS_CHOICE_COOKIE}=operational`);
    expect((await lastAudit('privacy.usage_changed'))?.data).toEqual({ usageAnalytics: false });
    // the ingest applies the stored choice, whatever the browser sends
    expect((await send(b, [PAGE_VIEW, call('choice-call-1')])).json()).toEqual({ accepted: 1 });
    const mine = MyAnalyticsPageSchema.parse((await b.request({ url: ANALYTICS_MY_EVENTS_PATH })).json());
    expect(mine.items.map((item) => item.event.type)).toEqual(['api_call']);
    // GPC on this browser says so, whatever the choice
    const gpc = await b.request({ url: ANALYTICS_PRIVACY_PATH, headers: { 'sec-gpc': '1' } });
    expect(gpc.json()).toEqual({ usageAnalytics: false, globalPrivacyControl: true, collecting: 'operational' });
    const on = await b.request({
      method: 'PUT',
      url: ANALYTICS_PRIVACY_PATH,
      headers: b.csrf(),
      payload: { usageAnalytics: true },
    });
    expect(on.json()).toEqual({ usageAnalytics: true, globalPrivacyControl: false, collecting: 'all' });
    expect(String(on.headers['set-cookie'])).toMatch(new RegExp(`${ANALYTICS_CHOICE_COOKIE}=;`));
    expect((await send(b, [PAGE_VIEW])).json()).toEqual({ accepted: 1 });
    // a choice is a boolean: anything else is refused, nothing changed
    const bad = await b.request({
      method: 'PUT',
      url: ANALYTICS_PRIVACY_PATH,
      headers: b.csrf(),
      payload: { usageAnalytics: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await b.request({ url: ANALYTICS_PRIVACY_PATH })).json()).toMatchObject({ usageAnalytics: true });
  });
});

describe('what was collected about the person', () => {
  it('lists only their own events, newest first and keyset-paged, downloads them, and deletes them with an audit entry', async () => {
    const admin = await portal.as('harbor-admin');
    const owner = await portal.as('harbor-owner');
    for (let i = 1; i <= 3; i++) expect((await send(admin, [call(`mine-${i}`)])).statusCode).toBe(202);
    expect((await send(owner, [call('not-mine')])).statusCode).toBe(202);

    const first = MyAnalyticsPageSchema.parse(
      (await admin.request({ url: `${ANALYTICS_MY_EVENTS_PATH}?limit=2` })).json(),
    );
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = MyAnalyticsPageSchema.parse(
      (await admin.request({ url: `${ANALYTICS_MY_EVENTS_PATH}?limit=2&cursor=${first.nextCursor}` })).json(),
    );
    const traces = [...first.items, ...second.items].map((item) =>
      item.event.type === 'api_call' ? item.event.traceId : null,
    );
    expect(new Set(traces)).toEqual(new Set(['mine-1', 'mine-2', 'mine-3']));

    const download = await admin.request({ url: ANALYTICS_MY_EVENTS_EXPORT_PATH });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="vireo-analytics-2026-11-21.json"');
    const exported = MyAnalyticsExportSchema.parse(download.json());
    expect(exported.events).toHaveLength(3);
    expect(download.body).not.toContain('not-mine');

    const deleted = await admin.request({ method: 'DELETE', url: ANALYTICS_MY_EVENTS_PATH, headers: admin.csrf() });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 3 });
    expect((await lastAudit('privacy.events_deleted'))?.data).toEqual({ deleted: 3 });
    const after = MyAnalyticsPageSchema.parse((await admin.request({ url: ANALYTICS_MY_EVENTS_PATH })).json());
    expect(after).toMatchObject({ items: [], total: 0 });
    // another person's events stay
    const theirs = MyAnalyticsPageSchema.parse((await owner.request({ url: ANALYTICS_MY_EVENTS_PATH })).json());
    expect(theirs.items.some((item) => item.event.type === 'api_call' && item.event.traceId === 'not-mine')).toBe(true);
    // a DELETE needs the anti-forgery token
    expect((await admin.request({ method: 'DELETE', url: ANALYTICS_MY_EVENTS_PATH })).statusCode).toBe(403);
  });

  it('answers a visitor 401 on every privacy route', async () => {
    const visitor = await portal.visitor();
    for (const url of [ANALYTICS_PRIVACY_PATH, ANALYTICS_MY_EVENTS_PATH, ANALYTICS_MY_EVENTS_EXPORT_PATH]) {
      expect((await visitor.request({ url })).statusCode).toBe(401);
    }
  });
});
