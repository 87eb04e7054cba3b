import {
  addDays,
  CARD_BRAND_NAMES,
  type CardBrand,
  cycleDate,
  draftDateFor,
  type IsoDate,
  NOTIFICATIONS_PATH,
} from '@vireo/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import {
  accounts,
  autopayEnrollments,
  jobs,
  memberships,
  outboxEmails,
  paymentMethods,
  statements,
  users,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';

// the seed's day; every test moves the clock forward from where the one before left it
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function accountNamed(companyName: string) {
  const { db } = portal.database();
  const [row] = await db.select().from(accounts).where(eq(accounts.companyName, companyName));
  if (!row) throw new Error(companyName);
  return row;
}

async function mails(kind: string) {
  const { db } = portal.database();
  return db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind)).orderBy(desc(outboxEmails.createdAt));
}

async function emailOf(username: string) {
  const { db } = portal.database();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.username, username));
  return row?.email as string;
}

/** The account's users by username, with their e-mail addresses. */
async function addresses(...usernames: string[]) {
  return Promise.all(usernames.map(emailOf));
}

describe('the notices of the bill, Auto Pay and cards (issue 18 item 4, wider-portal.md §3)', () => {
  it('card expiring: once per card and expiry, to the billing users, with the Auto Pay warning when it pays it', async () => {
    const { db } = portal.database();
    const services = portal.app().portal.services;
    const maple = await accountNamed('Maple Street Bakery');
    // Maple's card expiring this month (demo-data.md); the expired one is not told
    const cards = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, maple.id), eq(paymentMethods.type, 'card')));
    const expiring = cards.find((card) => card.expYear === 2026 && card.expMonth === 11);
    expect(expiring, 'the demo card expiring this month').toBeDefined();

    const pass = await services.background.run();
    expect(pass.cardsExpiring).toBeGreaterThanOrEqual(1);
    const [mapleOwner] = await addresses('maple-owner');
    const told = (await mails('card-expiring')).filter((mail) => mail.toAddress === mapleOwner);
    expect(told).toHaveLength(1);
    const brand = CARD_BRAND_NAMES[expiring?.cardBrand as CardBrand];
    expect(told[0]?.subject).toBe(
      `Your ${brand} card ending in ${expiring?.lastFour} expires at the end of November 2026`,
    );
    expect(told[0]?.body).toContain('/billing/bill-pay-options');
    expect(told[0]?.body).not.toContain('Auto Pay pays your bill with this card');
    const claims = await db.select().from(jobs).where(eq(jobs.kind, 'card-expiring'));
    expect(claims.map((claim) => claim.uniqueKey)).toContain(`card-expiring:${expiring?.id}:2026-11`);

    // the next pass tells nobody again
    const before = (await mails('card-expiring')).length;
    expect((await services.background.run()).cardsExpiring).toBe(0);
    expect((await mails('card-expiring')).length).toBe(before);

    // a new expiry that is also soon is a new notice
    await db
      .update(paymentMethods)
      .set({ expMonth: 12 })
      .where(eq(paymentMethods.id, expiring?.id as string));
    expect((await services.background.run()).cardsExpiring).toBe(1);
    const again = (await mails('card-expiring')).filter((mail) => mail.toAddress === mapleOwner);
    expect(again.map((mail) => mail.subject.replace(/.* end of /, ''))).toEqual(
      expect.arrayContaining(['November 2026', 'December 2026']),
    );
    expect(again).toHaveLength(2);

    // the card Auto Pay drafts: every billing user is told, and that Auto Pay cannot draft with it once expired
    const riverbend = await accountNamed('Riverbend Auto Repair');
    const [autoPay] = await db
      .select({ id: autopayEnrollments.paymentMethodId })
      .from(autopayEnrollments)
      .where(eq(autopayEnrollments.accountId, riverbend.id));
    await db
      .update(paymentMethods)
      .set({ expMonth: 12, expYear: 2026 })
      .where(eq(paymentMethods.id, autoPay?.id as string));
    expect((await services.background.run()).cardsExpiring).toBe(1);
    const riverbendUsers = await addresses('riverbend-billing', 'riverbend-owner');
    const riverbendTold = (await mails('card-expiring')).filter((mail) => riverbendUsers.includes(mail.toAddress));
    expect(riverbendTold.map((mail) => mail.toAddress).sort()).toEqual(riverbendUsers.sort());
    expect(riverbendTold[0]?.body).toContain('Auto Pay pays your bill with this card');
  });

  it('Auto Pay draft coming: 3 days before, the amount, date and method, to every billing user, once', async () => {
    const { db } = portal.database();
    const services = portal.app().portal.services;
    const riverbend = await accountNamed('Riverbend Auto Repair');
    const [enrollment] = await db
      .select()
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.accountId, riverbend.id), eq(autopayEnrollments.scope, 'core')));
    const [latest] = await db
      .select()
      .from(statements)
      .where(eq(statements.accountId, riverbend.id))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    if (!enrollment || !latest) throw new Error('Riverbend has Auto Pay and statements (demo-data.md)');
    // the seed's statement was drafted already: the next one's draft is coming
    const next = cycleDate(latest.statementDate as IsoDate, riverbend.cycleDay, 1);
    clock.set(`${next}T17:00:00Z`);
    expect(await services.billing.runBillingCycle()).toBeGreaterThanOrEqual(1);
    const draftDate = draftDateFor(next, enrollment.debitDay);
    // Riverbend's billing user reads Spanish
    await db.update(users).set({ language: 'es' }).where(eq(users.username, 'riverbend-billing'));
    const [owner, billing] = await addresses('riverbend-owner', 'riverbend-billing');

    // four days before: not yet
    clock.set(`${addDays(draftDate, -4)}T18:00:00Z`);
    expect(await services.autopay.runUpcomingNotices()).toBe(0);
    // three days before (noon in the account's zone): told, once
    clock.set(`${addDays(draftDate, -3)}T18:00:00Z`);
    expect(await services.autopay.runUpcomingNotices()).toBe(1);
    expect(await services.autopay.runUpcomingNotices()).toBe(0);
    const told = await mails('autopay-upcoming');
    expect(told.map((mail) => mail.toAddress).sort()).toEqual([owner, billing].sort());
    const english = told.find((mail) => mail.toAddress === owner);
    expect(english?.subject).toMatch(/^Auto Pay will pay \$\d[\d,]*\.\d\d on [A-Z][a-z]{2} \d{1,2}, 2026$/);
    expect(english?.body).toMatch(/from your Mastercard card ending in \d{4} for the bill due/);
    const spanish = told.find((mail) => mail.toAddress === billing);
    expect(spanish?.language).toBe('es');
    expect(spanish?.subject).toMatch(/^El pago automático pagará .*\$.* el /);
    expect(spanish?.body).toContain('tarjeta Mastercard terminada en');
  });

  it('bill ready: when the statement becomes visible, to PRIMARY, ADMIN and BILLING only, in their language', async () => {
    const { db } = portal.database();
    const services = portal.app().portal.services;
    const harbor = await accountNamed('Harbor Coffee Co.');
    await db.update(users).set({ language: 'es' }).where(eq(users.username, 'harbor-billing'));
    const [owner, admin, billing, staff] = await addresses(
      'harbor-owner',
      'harbor-admin',
      'harbor-billing',
      'harbor-staff',
    );
    // harbor-admin turned bill-ready e-mails off: they are not sent to them
    const adminSession = await portal.as('harbor-admin');
    const current = (await adminSession.request({ url: NOTIFICATIONS_PATH })).json() as {
      choices: { event: string; email: boolean; text: boolean; locked: boolean }[];
    };
    const saved = await adminSession.request({
      method: 'PUT',
      url: NOTIFICATIONS_PATH,
      headers: adminSession.csrf(),
      payload: {
        choices: current.choices
          .filter((choice) => !choice.locked)
          .map(({ event, email, text }) => ({ event, email: event === 'bill_ready' ? false : email, text })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Harbor's next statement date, at noon in New York
    const [latest] = await db
      .select()
      .from(statements)
      .where(eq(statements.accountId, harbor.id))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    const next = cycleDate(latest?.statementDate as IsoDate, harbor.cycleDay, 1);
    clock.set(`${next}T17:00:00Z`);
    const made = await services.billing.runBillingCycle();
    expect(made).toBeGreaterThanOrEqual(1);
    const [statement] = await db
      .select()
      .from(statements)
      .where(eq(statements.accountId, harbor.id))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    expect(statement?.statementDate).toBe(next);
    const [queued] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `bill-ready:${statement?.id}`));
    // due at midnight in New York the day after the statement's date (it is visible from then)
    expect(queued?.runAt.toISOString()).toBe(`${addDays(statement?.statementDate as string, 1)}T05:00:00.000Z`);

    const harborMails = async () =>
      (await mails('bill-ready')).filter((mail) => [owner, admin, billing, staff].includes(mail.toAddress));
    // the same day: not yet visible, nothing sent
    await services.jobs.runDue();
    expect(await harborMails()).toHaveLength(0);
    // the next morning it is
    clock.set(`${addDays(statement?.statementDate as string, 1)}T13:00:00Z`);
    await services.jobs.runDue();
    const harborTold = await harborMails();
    expect(harborTold.map((mail) => mail.toAddress).sort()).toEqual([owner, billing].sort());
    const english = harborTold.find((mail) => mail.toAddress === owner);
    expect(english?.subject).toMatch(/^Your bill of \$\d[\d,]*\.\d\d is ready$/);
    expect(english?.body).toContain(`/billing/view-statements/${statement?.id}`);
    expect(english?.body).toMatch(/due [A-Z][a-z]{2} \d{1,2}, 20\d\d\./);
    expect(english?.body).toContain('Pay by');
    const spanish = harborTold.find((mail) => mail.toAddress === billing);
    expect(spanish?.subject).toMatch(/^Su factura de .* está lista$/);
    // once: the job is done
    await services.jobs.runDue();
    expect(await harborMails()).toHaveLength(2);
    // nobody outside the account's billing roles: the STANDARD user's membership is there, and was not told
    const [staffMember] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inArray(users.username, ['harbor-staff']));
    expect(staffMember?.role).toBe('STANDARD');
  });
});
