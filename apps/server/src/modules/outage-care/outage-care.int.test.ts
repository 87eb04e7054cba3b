import {
  AUDIT_LOG_PATH,
  OUTAGE_CALLBACKS_PATH,
  OUTAGE_CREDITS_PATH,
  type OutageLocationsResponse,
  STATEMENTS_PATH,
  type StatementDetail,
} from '@vireo/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { charges, outboxEmails, outboxTexts } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Outage callbacks, credits and letters (issue 20 items 7-8, wider-portal.md §8) through the API, on Riverbend's
 * Orlando outage (demo-data.md: started 130 minutes before the seed's now, resolved 170 minutes after it: 5 hours).
 * Riverbend's cycle day is the 5th and its internet $89.99 a month: a day of a 30-day cycle is $3.00.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const run = () => portal.app().portal.services.background.run();
const MINUTE = 60_000;

async function locationsOf(b: Browser) {
  const answer = await b.request({ url: OUTAGE_CALLBACKS_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OutageLocationsResponse>().locations;
}

function restoreNotices() {
  const { db } = portal.database();
  return Promise.all([
    db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'outage-restored'))
      .orderBy(desc(outboxEmails.createdAt)),
    db.select().from(outboxTexts).where(eq(outboxTexts.kind, 'outage-restored')),
  ]);
}

describe('outage callbacks, credits and letters at Riverbend', () => {
  it('lists the outage at the location; callbacks are added once, checked, owned and removed', async () => {
    const owner = await portal.as('riverbend-owner');
    const [location, ...others] = await locationsOf(owner);
    expect(others).toEqual([]);
    expect(location?.label).toBe('88 River Bend Dr, Orlando, FL 32801');
    expect(location?.outages).toMatchObject([
      { reference: 'OUT-24117', stage: 'crew_dispatched', endedAt: null, affectedMinutes: 130 },
    ]);
    // under way: no credit yet, and the request is refused
    expect(location?.outages[0]?.credit).toMatchObject({ eligible: false, requestedOn: null });
    const early = await post(owner, OUTAGE_CREDITS_PATH, { reference: 'OUT-24117' });
    expect(early.statusCode).toBe(409);

    const addressId = location?.addressId as string;
    const add = (payload: object, b = owner) => post(b, OUTAGE_CALLBACKS_PATH, payload);
    const email = await add({ addressId, channel: 'email', destination: 'Shop@RiverbendAuto.example' });
    expect(email.statusCode, email.body).toBe(201);
    expect(email.json().callback).toMatchObject({ channel: 'email', destination: 'shop@riverbendauto.example' });
    const again = await add({ addressId, channel: 'email', destination: 'shop@riverbendauto.example' });
    expect(again.statusCode).toBe(200);
    expect(again.json().callback.id).toBe(email.json().callback.id);
    const text = await add({ addressId, channel: 'text', destination: '(212) 555-0147' });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().callback.destination).toBe('+12125550147');

    const bad = await add({ addressId, channel: 'text', destination: '555' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.destination', code: 'phone.invalid' }]);
    const card = await add({ addressId, channel: 'text', destination: '4111 1111 1111 1111' });
    expect(card.statusCode).toBe(400);

    // another account's user can neither add at this location nor remove these
    const harbor = await portal.as('harbor-owner');
    expect((await add({ addressId, channel: 'email', destination: 'x@harbor.example' }, harbor)).statusCode).toBe(404);
    const foreign = await harbor.request({
      method: 'DELETE',
      url: `${OUTAGE_CALLBACKS_PATH}/${email.json().callback.id}`,
      headers: harbor.csrf(),
    });
    expect(foreign.statusCode).toBe(404);
    // the billing user sees only their own callbacks
    const billing = await portal.as('riverbend-billing');
    expect((await locationsOf(billing))[0]?.callbacks).toEqual([]);

    // the same callback asked twice at once is added once; the later answer is the one added
    const twins = await Promise.all(
      [1, 2].map(() => add({ addressId, channel: 'email', destination: 'extra@riverbendauto.example' })),
    );
    expect(twins.map((t) => t.statusCode).sort(), twins[0]?.body).toEqual([200, 201]);
    expect(twins[0]?.json().callback.id).toBe(twins[1]?.json().callback.id);
    const [extra] = twins;
    const removed = await owner.request({
      method: 'DELETE',
      url: `${OUTAGE_CALLBACKS_PATH}/${extra?.json().callback.id}`,
      headers: owner.csrf(),
    });
    expect(removed.statusCode).toBe(204);
    expect((await locationsOf(owner))[0]?.callbacks.map((c) => c.destination).sort()).toEqual([
      '+12125550147',
      'shop@riverbendauto.example',
    ]);
    const log = await owner.request({ url: `${AUDIT_LOG_PATH}?area=outages` });
    // one entry per change (the clock stands still here: the same instant, in no particular order)
    expect(
      log
        .json()
        .items.map((entry: { action: string }) => entry.action)
        .sort(),
    ).toEqual([
      'outage_callback.subscribed',
      'outage_callback.subscribed',
      'outage_callback.subscribed',
      'outage_callback.unsubscribed',
    ]);
  });

  it('tells each callback once when the outage is over, however many passes run at once', async () => {
    clock.advance(171 * MINUTE);
    await Promise.all([run(), run()]);
    await run();
    const [emails, texts] = await restoreNotices();
    expect(emails.map((e) => e.toAddress)).toEqual(['shop@riverbendauto.example']);
    expect(emails[0]?.subject).toBe('Your Internet service is back: outage OUT-24117 is over');
    expect(emails[0]?.body).toContain('after 5 hours');
    expect(emails[0]?.body).toContain('88 River Bend Dr, Orlando, FL 32801');
    expect(texts.map((t) => t.toNumber)).toEqual(['+12125550147']);
    expect(texts[0]?.body).toContain('OUT-24117');
    // a callback added after the end is not told of it
    const owner = await portal.as('riverbend-owner');
    const [location] = await locationsOf(owner);
    await post(owner, OUTAGE_CALLBACKS_PATH, {
      addressId: location?.addressId,
      channel: 'email',
      destination: 'late@riverbendauto.example',
    });
    await run();
    expect((await restoreNotices())[0]).toHaveLength(1);
  });

  it('credits a day of internet once, on the next statement, named on it; STANDARD roles cannot', async () => {
    const owner = await portal.as('riverbend-owner');
    const [location] = await locationsOf(owner);
    expect(location?.outages[0]).toMatchObject({
      stage: 'resolved',
      affectedMinutes: 300,
      credit: { eligible: true, amountCents: 300, days: 1, requestedOn: null },
    });
    const request = () => post(owner, OUTAGE_CREDITS_PATH, { reference: 'OUT-24117' });
    const [first, second] = await Promise.all([request(), request()]);
    for (const answer of [first, second]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().outage.credit).toEqual({
        eligible: false,
        amountCents: 300,
        days: 1,
        requestedOn: '2026-11-21',
      });
    }
    const { db } = portal.database();
    const posted = await db.select().from(charges).where(like(charges.description, 'Outage credit OUT-24117%'));
    expect(posted.map((c) => [c.category, c.amountCents])).toEqual([['internet', -300]]);
    const unknown = await post(owner, OUTAGE_CREDITS_PATH, { reference: 'OUT-99999' });
    expect(unknown.statusCode).toBe(404);
    // a STANDARD user asks for no credit (and reads no letter)
    const staff = await portal.as('harbor-staff');
    expect((await post(staff, OUTAGE_CREDITS_PATH, { reference: 'OUT-24117' })).statusCode).toBe(403);
    expect((await staff.request({ url: '/api/pub/outages/v1/history/OUT-24117/letter' })).statusCode).toBe(403);

    // the statement of December 5 bills it, and says why the bill changed
    clock.set(new Date('2026-12-06T15:00:00Z'));
    await run();
    const later = await portal.as('riverbend-owner');
    const list = await later.request({ url: STATEMENTS_PATH });
    const latest = list.json().items[0] as { id: string; statementDate: string };
    expect(latest.statementDate).toBe('2026-12-05');
    const detail = (await later.request({ url: `${STATEMENTS_PATH}/${latest.id}` })).json<StatementDetail>();
    const line = detail.sections.flatMap((s) => s.lines).find((l) => l.description.startsWith('Outage credit'));
    expect(line).toMatchObject({
      amountCents: -300,
      change: { reason: { type: 'outage_credit', description: 'OUT-24117' } },
    });
    const [billedCredit] = await db
      .select()
      .from(charges)
      .where(and(eq(charges.id, posted[0]?.id as string)));
    expect(billedCredit?.statementId).toBe(latest.id);
  });

  it('gives the service-interruption letter in the user’s language, naming the outage and the credit', async () => {
    const owner = await portal.as('riverbend-owner');
    const url = '/api/pub/outages/v1/history/OUT-24117/letter';
    const english = await owner.request({ url });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(english.rawPayload)).pages.join('\n');
    expect(text).toContain('Riverbend Auto Repair');
    expect(text).toContain('OUT-24117');
    expect(text).toContain('$3.00');
    const spanish = (await readPdf((await owner.request({ url: `${url}?lang=es` })).rawPayload)).pages.join('\n');
    expect(spanish).toContain('Carta de interrupción del servicio');
    expect(spanish).toContain('OUT-24117');
    const other = await (await portal.as('harbor-owner')).request({ url });
    expect(other.statusCode).toBe(404);
  });
});
