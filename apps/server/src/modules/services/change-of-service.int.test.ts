import { randomUUID } from 'node:crypto';
import {
  CHANGE_OPTIONS_PATH,
  CHANGE_ORDERS_PATH,
  CHANGE_PREVIEW_PATH,
  type ChangeOptions,
  type ChangePreview,
  IDEMPOTENCY_HEADER,
  type ServiceOrder,
} from '@vireo/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, auditEvents, serviceOrders, statementLines, statements } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Change of service through the API (issue 19 item 2, wider-portal.md §5): what Harbor can change, the next
 * statement previewed by the billing engine, the order (idempotent, audited), and the proof the issue asks for: the
 * statement the billing run makes on that date has the preview's lines and new charges.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const preview = (b: Browser, offerId: string) =>
  b.request({ method: 'POST', url: CHANGE_PREVIEW_PATH, headers: b.csrf(), payload: { offer: offerId } });
const order = (b: Browser, offerId: string, key = randomUUID()) =>
  b.request({
    method: 'POST',
    url: CHANGE_ORDERS_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: key },
    payload: { offer: offerId },
  });
const standings = (options: ChangeOptions) => Object.fromEntries(options.offers.map((o) => [o.id, o.standing]));
const shape = (lines: readonly { category: string; kind: string; description: string; amountCents: number }[]) =>
  lines.map(({ category, kind, description, amountCents }) => ({ category, kind, description, amountCents }));

describe('change of service', () => {
  it('offers Harbor another internet tier and a phone line (it has TV), and previews the next statement', async () => {
    const b = await portal.as('harbor-owner');
    const options = await b.request({ url: CHANGE_OPTIONS_PATH });
    expect(options.statusCode, options.body).toBe(200);
    expect(standings(options.json())).toEqual({
      'internet-premier': 'available',
      'internet-gig': 'current',
      'internet-ultra': 'available',
      'tv-select': 'current',
      'phone-line': 'available',
    });
    const answer = await preview(b, 'internet-ultra');
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = answer.json() as ChangePreview;
    expect(shown.effectiveOn).toBe('2026-11-21');
    expect(shown.statementDate > shown.effectiveOn).toBe(true);
    // the period splits at today: the old tier until yesterday, the new one from today, each prorated
    const gig = shown.proposed.lines.find((l) => l.description === 'Business Internet Gig');
    const ultra = shown.proposed.lines.find((l) => l.description === 'Business Internet Ultra');
    expect(gig).toMatchObject({ kind: 'proration', periodEnd: '2026-11-20' });
    expect(ultra).toMatchObject({ kind: 'proration', periodStart: '2026-11-21' });
    expect(shown.current.lines.find((l) => l.description === 'Business Internet Ultra')).toBeUndefined();
    expect(shown.proposed.newChargesCents).toBeGreaterThan(shown.current.newChargesCents);
    // Maine taxes no internet: a whole cycle costs the price difference exactly
    expect(shown.monthly.proposedCents - shown.monthly.currentCents).toBe(14_999 - 10_999);
    expect(shown.installation).toBe(false);
    // the current tier, TV (it has it) and an unknown offer are refused on the field
    const current = await preview(b, 'internet-gig');
    expect(current.json().error.fields).toEqual([{ path: 'body.offer', code: 'services.change.current' }]);
    expect((await preview(b, 'tv-select')).json().error.fields[0].code).toBe('services.change.current');
    expect((await preview(b, 'internet-turbo')).statusCode).toBe(400);
  });

  it("orders the new tier once (a second press is the same order), audited; the next statement is the preview's", async () => {
    const b = await portal.as('harbor-admin');
    const shown = (await preview(b, 'internet-ultra')).json() as ChangePreview;
    const key = randomUUID();
    const made = await order(b, 'internet-ultra', key);
    expect(made.statusCode, made.body).toBe(201);
    const placed = made.json() as ServiceOrder;
    expect(placed).toMatchObject({ offerId: 'internet-ultra', status: 'completed', effectiveOn: '2026-11-21' });
    expect(placed.preview).toEqual(shown);
    const again = await order(b, 'internet-ultra', key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(made.json());
    const { db } = portal.database();
    expect(await db.select().from(serviceOrders).where(eq(serviceOrders.offerId, 'internet-ultra'))).toHaveLength(1);
    const entries = await db.select().from(auditEvents).where(eq(auditEvents.targetId, placed.id));
    expect(entries.map((e) => [e.action, e.area])).toEqual([['service.changed', 'services']]);
    // now current: a new key cannot order it twice
    expect(standings((await b.request({ url: CHANGE_OPTIONS_PATH })).json())['internet-ultra']).toBe('current');
    expect((await order(b, 'internet-ultra')).statusCode).toBe(400);

    // the billing run on the statement date makes the statement the preview showed
    const [harbor] = await db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
    clock.set(new Date(`${shown.statementDate}T15:00:00Z`));
    await portal.app().portal.services.billing.runBillingCycle();
    const [statement] = await db
      .select()
      .from(statements)
      .where(and(eq(statements.accountId, harbor?.id as string), eq(statements.statementDate, shown.statementDate)));
    expect(statement).toBeDefined();
    const lines = await db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statement?.id as string))
      .orderBy(asc(statementLines.position));
    expect(shape(lines)).toEqual(shape(shown.proposed.lines));
    expect(statement?.newChargesCents).toBe(shown.proposed.newChargesCents);
  });

  it('adds TV to a business without it: an installation visit needed, its charge on the next statement', async () => {
    const b = await portal.as('riverbend-owner');
    const options = (await b.request({ url: CHANGE_OPTIONS_PATH })).json() as ChangeOptions;
    expect(standings(options)['tv-select']).toBe('available');
    const shown = (await preview(b, 'tv-select')).json() as ChangePreview;
    expect(shown.installation).toBe(true);
    expect(shape(shown.proposed.lines)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Business TV Select', kind: 'proration' }),
        expect.objectContaining({ description: 'HD receiver' }),
        expect.objectContaining({ description: 'Professional installation, Business TV', amountCents: 4_999 }),
      ]),
    );
    const made = await order(b, 'tv-select');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().status).toBe('installation_needed');
  });
});
