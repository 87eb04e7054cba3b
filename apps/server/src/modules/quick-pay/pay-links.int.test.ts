import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  PAY_LINKS_PATH,
  type PayLink,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_LINK_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  type QuickPayLinkResponse,
} from '@vireo/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testCard } from '../../../test/payments';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, outboxEmails, payLinkUses } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_CARDS } from '../processor/test-instruments';

/**
 * Pay links for a bookkeeper (issue 17 item 7, wider-portal.md §1) through the API: Harbor's PRIMARY, ADMIN and BILLING
 * users make, list and revoke links (STANDARD may not); a guest follows one into Quick Pay with the account filled in,
 * pays within its cap and uses, and is refused over the cap, after expiry, after revocation and once every use is
 * taken; a declined card gives the use back; each use is an audit entry and e-mails the link's creator once.
 */
const START = '2026-11-21T15:00:00Z';
const clock = fixedClock(START);
const portal = signedInApp({ clock });
const OWNER_EMAIL = 'harbor-owner@harborcoffee.example';

async function makeLink(b: Browser, body: Record<string, unknown>) {
  const answer = await post(b, PAY_LINKS_PATH, body);
  expect(answer.statusCode, answer.body).toBe(201);
  const made = answer.json() as { payLink: PayLink; url: string };
  const token = new URL(made.url).searchParams.get('link') ?? '';
  return { ...made, token };
}

async function open(token: string) {
  const b = await portal.visitor();
  const answer = await post(b, QUICK_PAY_LINK_PATH, { link: token });
  return { b, answer, found: answer.json() as QuickPayLinkResponse };
}

/** A guest pays `amountCents` through the link with a new card (Visa unless told). */
async function payThrough(token: string, amountCents: number, card: string = TEST_CARDS.visa) {
  const { b, answer, found } = await open(token);
  expect(answer.statusCode, answer.body).toBe(200);
  const tokenized = await post(b, PCI_QUICK_PAY_TOKENIZE_PATH, {
    ...testCard(card),
    quickPayToken: found.quickPayToken,
  });
  expect(tokenized.statusCode, tokenized.body).toBe(201);
  return post(
    b,
    QUICK_PAY_PAYMENTS_PATH,
    {
      quickPayToken: found.quickPayToken,
      amountCents,
      methodToken: tokenized.json().token,
      email: 'books@harbor-bookkeeping.example',
      language: 'en',
    },
    { [IDEMPOTENCY_HEADER]: randomUUID() },
  );
}

async function linksOf(b: Browser): Promise<PayLink[]> {
  const answer = await b.request({ url: PAY_LINKS_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items;
}

const errorOf = (answer: { json: () => unknown }) => (answer.json() as { error: { code: string } }).error.code;

describe('pay links: made by the account, followed by a bookkeeper', () => {
  it('makes a $100 link, pays $50 through it signed out, refuses $150, and refuses it once revoked', async () => {
    const owner = await portal.as('harbor-owner');
    const made = await makeLink(owner, { capCents: 10_000, expiresInDays: 7, usesAllowed: 3, note: 'November bill' });
    expect(made.url).toMatch(/\/wg\/pay-bill\?link=[A-Za-z0-9_-]{43}$/);
    expect(made.payLink).toMatchObject({
      status: 'active',
      capCents: 10_000,
      paidCents: 0,
      usesAllowed: 3,
      usesCount: 0,
      note: 'November bill',
      createdBy: { firstName: expect.any(String) },
      expiresAt: '2026-11-28T15:00:00.000Z',
    });

    // the link opens Quick Pay for Harbor with the company masked and what the link has left
    const { answer, found } = await open(made.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(found).toMatchObject({
      company: 'Ha*** Co*** Co***',
      payLink: { capLeftCents: 10_000, usesLeft: 3, note: 'November bill' },
    });
    expect(JSON.stringify(found)).not.toMatch(/8260|04101|Harbor Coffee|4242|6789/);

    const paid = await payThrough(made.token, 5_000);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'success', receipt: { amountCents: 5_000 } });

    const over = await payThrough(made.token, 15_000);
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().error).toMatchObject({ code: 'PAY_LINK_CAP_EXCEEDED', details: { capLeftCents: '5000' } });
    // $50 more is exactly what is left: not refused for the cap
    const [link] = (await linksOf(owner)).filter((l) => l.id === made.payLink.id);
    expect(link).toMatchObject({ status: 'active', paidCents: 5_000, usesCount: 1 });

    const revoked = await post(owner, `${PAY_LINKS_PATH}/${made.payLink.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const afterRevoke = await open(made.token);
    expect(afterRevoke.answer.statusCode).toBe(410);
    expect(errorOf(afterRevoke.answer)).toBe('PAY_LINK_REVOKED');

    // each use e-mailed the creator once, and is in the audit log as a guest's
    const mails = await portal
      .database()
      .db.select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, OWNER_EMAIL))
      .orderBy(desc(outboxEmails.createdAt));
    const notices = mails.filter((mail) => mail.kind === 'pay-link-used');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('$50.00');
    expect(notices[0]?.body).toContain('November bill');
    const audit = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, made.payLink.id));
    expect(audit.map((entry) => [entry.action, entry.data.actor ?? null]).sort()).toEqual(
      [
        ['pay_link.created', null],
        ['pay_link.revoked', null],
        ['pay_link.used', 'guest'],
      ].sort(),
    );
  });

  it('a session opened before the revocation cannot pay after it', async () => {
    const admin = await portal.as('harbor-admin');
    const made = await makeLink(admin, { capCents: 10_000, expiresInDays: 1, usesAllowed: 1 });
    const { b, found } = await open(made.token);
    const tokenized = await post(b, PCI_QUICK_PAY_TOKENIZE_PATH, {
      ...testCard(TEST_CARDS.visa),
      quickPayToken: found.quickPayToken,
    });
    await post(admin, `${PAY_LINKS_PATH}/${made.payLink.id}/revoke`, {});
    const answer = await post(
      b,
      QUICK_PAY_PAYMENTS_PATH,
      {
        quickPayToken: found.quickPayToken,
        amountCents: 1_000,
        methodToken: tokenized.json().token,
        email: 'books@harbor-bookkeeping.example',
        language: 'en',
      },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
    expect(answer.statusCode, answer.body).toBe(410);
    expect(errorOf(answer)).toBe('PAY_LINK_REVOKED');
  });

  it('a declined card gives the use back; a used-up link and an expired one are refused', async () => {
    const billing = await portal.as('harbor-billing');
    const made = await makeLink(billing, { capCents: 2_000, expiresInDays: 2, usesAllowed: 1 });
    const declined = await payThrough(made.token, 1_500, TEST_CARDS.declined);
    expect(declined.json()).toMatchObject({ outcome: 'failure', paymentError: 'PAYMENT_DECLINED' });
    const uses = await portal.database().db.select().from(payLinkUses);
    expect(uses.filter((use) => use.releasedAt !== null).length).toBeGreaterThan(0);
    const [afterDecline] = (await linksOf(billing)).filter((l) => l.id === made.payLink.id);
    expect(afterDecline).toMatchObject({ status: 'active', usesCount: 0, paidCents: 0 });

    expect((await payThrough(made.token, 1_500)).json()).toMatchObject({ outcome: 'success' });
    const usedUp = await open(made.token);
    expect(usedUp.answer.statusCode).toBe(410);
    expect(errorOf(usedUp.answer)).toBe('PAY_LINK_USED');
    const [used] = (await linksOf(billing)).filter((l) => l.id === made.payLink.id);
    expect(used).toMatchObject({ status: 'used', usesCount: 1, paidCents: 1_500 });

    const later = await makeLink(billing, { capCents: 2_000, expiresInDays: 1, usesAllowed: 2 });
    clock.advance(24 * 3_600_000);
    try {
      const expired = await open(later.token);
      expect(expired.answer.statusCode).toBe(410);
      expect(errorOf(expired.answer)).toBe('PAY_LINK_EXPIRED');
      // the sign-in has idled out in the day: a new one reads the list
      const [listed] = (await linksOf(await portal.as('harbor-billing'))).filter((l) => l.id === later.payLink.id);
      expect(listed?.status).toBe('expired');
    } finally {
      clock.advance(-24 * 3_600_000);
    }
  });

  it('refuses STANDARD users, bad input with its fields, an unknown link, and another account’s link', async () => {
    const staff = await portal.as('harbor-staff');
    expect((await staff.request({ url: PAY_LINKS_PATH })).statusCode).toBe(403);
    expect((await post(staff, PAY_LINKS_PATH, { capCents: 1_000, expiresInDays: 1, usesAllowed: 1 })).statusCode).toBe(
      403,
    );
    const owner = await portal.as('harbor-owner');
    for (const [body, field] of [
      [{ capCents: 99, expiresInDays: 1, usesAllowed: 1 }, 'body.capCents'],
      [{ capCents: 1_000, expiresInDays: 31, usesAllowed: 1 }, 'body.expiresInDays'],
      [{ capCents: 1_000, expiresInDays: 0, usesAllowed: 1 }, 'body.expiresInDays'],
      [{ capCents: 1_000, expiresInDays: 1, usesAllowed: 11 }, 'body.usesAllowed'],
      [{ capCents: 1_000, expiresInDays: 1, usesAllowed: 1, note: 'x'.repeat(201) }, 'body.note'],
      [{ capCents: 1_000, expiresInDays: 1, usesAllowed: 1, note: 'card 4242 4242 4242 4242' }, 'body.note'],
    ] as const) {
      const answer = await post(owner, PAY_LINKS_PATH, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const unknown = await open('A'.repeat(43));
    expect(unknown.answer.statusCode).toBe(404);
    expect(errorOf(unknown.answer)).toBe('PAY_LINK_UNKNOWN');

    // another account's user cannot see or revoke Harbor's link
    const made = await makeLink(owner, { capCents: 1_000, expiresInDays: 1, usesAllowed: 1 });
    const other = await portal.as('summit-owner');
    const revoke = await post(other, `${PAY_LINKS_PATH}/${made.payLink.id}/revoke`, {});
    expect(revoke.statusCode).toBe(404);
    expect((await linksOf(other)).map((l) => l.id)).not.toContain(made.payLink.id);
  });

  it('lists the account’s links newest first, keyset-paged', async () => {
    const owner = await portal.as('harbor-owner');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1_000);
      ids.push((await makeLink(owner, { capCents: 1_000 + i, expiresInDays: 3, usesAllowed: 1 })).payLink.id);
    }
    const first = await owner.request({ url: `${PAY_LINKS_PATH}?limit=3` });
    const page1 = first.json();
    expect(page1.items.map((l: PayLink) => l.id)).toEqual(ids.slice(-3).reverse());
    const second = await owner.request({ url: `${PAY_LINKS_PATH}?limit=3&cursor=${page1.nextCursor}` });
    expect(
      second
        .json()
        .items.slice(0, 2)
        .map((l: PayLink) => l.id),
    ).toEqual(ids.slice(0, 2).reverse());
    expect(second.json().previousCursor).not.toBeNull();
  });
});
