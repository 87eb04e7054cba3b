import {
  ANALYTICS_EVENTS_PATH,
  type AnalyticsEvent,
  DEV_ANALYTICS_EVENTS_PATH,
  DEV_ANALYTICS_LOG_LINES_PATH,
  DevAnalyticsPageSchema,
  DevLogLinesSchema,
  SUPPORT_TICKETS_PATH,
  type SupportTicketCreated,
  supportCodeOf,
} from '@vireo/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, supportTickets } from '../../db/schema';

/**
 * Issue 23 item 4 (wider-portal.md §11) through the API: a support code derived from a call's trace id finds the
 * server's log lines of that call (every line of a request carries it) and the analytics events naming that trace id
 * (`/dev/analytics`, outside production); a ticket carries the code a person gives.
 */
const portal = signedInApp();

const callEvent = (traceId: string): AnalyticsEvent => ({
  type: 'api_call',
  at: '2026-11-21T14:59:59.000Z',
  method: 'GET',
  host: 'localhost:3000',
  path: '/api/pub/billing/v1/summary',
  queryKeys: [],
  durationMs: 42,
  status: 503,
  success: false,
  traceId,
  platform: 'web',
});

const logLines = async (code: string) => {
  const b = await portal.visitor();
  const answer = await b.request({ url: `${DEV_ANALYTICS_LOG_LINES_PATH}?supportCode=${encodeURIComponent(code)}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return DevLogLinesSchema.parse(answer.json());
};

describe('support codes (issue 23 item 4)', () => {
  it('find the log lines of the call whose trace id the browser sent, and only those, as typed', async () => {
    const b = await portal.as('harbor-owner');
    const traceId = 'wbqmzkxtrpvhgfdsnmca';
    const answer = await b.request({ url: '/api/pub/billing/v1/summary', headers: { 'x-trace-id': traceId } });
    expect(answer.headers['x-trace-id']).toBe(traceId);
    const code = supportCodeOf(traceId);
    // as a person types it: lower case, a space for the dash
    const found = await logLines(code.toLowerCase().replace('-', ' '));
    expect(found.supportCode).toBe(code);
    expect(found.lines.map((line) => line.message)).toEqual(['incoming request', 'request completed']);
    expect(found.lines[0]).toMatchObject({ level: 'info', method: 'GET', url: '/api/pub/billing/v1/summary' });
    expect(found.lines[1]).toMatchObject({ statusCode: answer.statusCode });
    expect(found.lines[1]?.responseTimeMs).toBeTypeOf('number');
    // another call's code finds only its own lines
    const other = await b.request({ url: '/api/pub/billing/v1/summary', headers: { 'x-trace-id': `${traceId}b` } });
    expect(other.statusCode).toBe(answer.statusCode);
    expect((await logLines(code)).lines).toHaveLength(2);
  });

  it('a call without a trace id of its own is found by the code of the id the server answered', async () => {
    const b = await portal.visitor();
    const answer = await b.request({ url: '/api/pub/support/v1/articles/no-such-article' });
    expect(answer.statusCode).toBe(404);
    const traceId = answer.headers['x-trace-id'] as string;
    expect(traceId).toBe(answer.headers['x-request-id']);
    const { lines } = await logLines(supportCodeOf(traceId));
    expect(lines.at(-1)).toMatchObject({ message: 'request completed', statusCode: 404 });
    expect(lines.every((line) => line.requestId === traceId)).toBe(true);
  });

  it('find the analytics events naming that trace id; a code without any finds none; a wrong code is refused', async () => {
    const b = await portal.as('harbor-admin');
    const sent = await b.request({
      method: 'POST',
      url: ANALYTICS_EVENTS_PATH,
      headers: b.csrf(),
      payload: { events: [callEvent('wbsupportcodeevent'), callEvent('wbanothertraceidzz')] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const viewer = await portal.visitor();
    const page = async (supportCode: string) => {
      const answer = await viewer.request({
        url: `${DEV_ANALYTICS_EVENTS_PATH}?supportCode=${encodeURIComponent(supportCode)}`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return DevAnalyticsPageSchema.parse(answer.json());
    };
    const found = await page(supportCodeOf('wbsupportcodeevent'));
    expect(found.items.map((item) => item.event)).toEqual([callEvent('wbsupportcodeevent')]);
    expect((await page('0000-0000')).items).toEqual([]);
    for (const wrong of ['K7QM-2XP', 'K7QM-2XPU', '4111111111111111']) {
      const refused = await viewer.request({ url: `${DEV_ANALYTICS_EVENTS_PATH}?supportCode=${wrong}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
      const lines = await viewer.request({ url: `${DEV_ANALYTICS_LOG_LINES_PATH}?supportCode=${wrong}` });
      expect(lines.statusCode).toBe(400);
    }
  });

  it('a ticket carries the code a person gave, in its canonical form and in its audit entry; a wrong one is refused', async () => {
    const b = await portal.as('harbor-staff');
    const ticket = {
      topic: 'billing',
      subject: 'Could not open my bill',
      message: 'The billing page said it was unavailable.',
      lang: 'en',
    };
    const sent = await b.request({
      method: 'POST',
      url: SUPPORT_TICKETS_PATH,
      headers: b.csrf(),
      payload: { ...ticket, supportCode: ' k7qm 2xpa ' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const created = sent.json() as SupportTicketCreated;
    expect(created.ticket.supportCode).toBe('K7QM-2XPA');
    const { db } = portal.database();
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.number, created.ticket.number));
    expect(row?.supportCode).toBe('K7QM-2XPA');
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'support_ticket.created'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(entry?.data).toMatchObject({ number: created.ticket.number, supportCode: 'K7QM-2XPA' });

    const without = await b.request({ method: 'POST', url: SUPPORT_TICKETS_PATH, headers: b.csrf(), payload: ticket });
    expect((without.json() as SupportTicketCreated).ticket.supportCode).toBeNull();

    const refused = await b.request({
      method: 'POST',
      url: SUPPORT_TICKETS_PATH,
      headers: b.csrf(),
      payload: { ...ticket, supportCode: 'K7QM-2XPU' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([expect.objectContaining({ path: 'body.supportCode' })]);
  });
});
