import {
  CARD_NUMBER_IN_TEXT,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENTS_PATH,
  SUPPORT_TICKET_CONTEXT_PATH,
  SUPPORT_TICKET_STATUS_PATH,
  SUPPORT_TICKETS_PAGE,
  SUPPORT_TICKETS_PATH,
  SUPPORT_TICKETS_PER_HOUR,
  type SupportAttachment,
  type SupportContext,
  type SupportTicketCreated,
  type SupportTicketList,
} from '@vireo/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, outboxEmails, supportAttachments, supportTickets, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Support forms (issue 21 item 4, wider-portal.md §9) through the API: files checked by their content (a program
 * renamed `.png` is refused, said why), kept for their sender only; a ticket with its number, audit entry and
 * confirmation e-mail; a visitor's signed status link; the user's tickets a page at a time; the context a consenting
 * user's ticket carries; the honeypot and the rate limit.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

// the smallest real files of each kind: their signatures are what the check reads
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// a Windows program's first bytes (MZ header, PE signature): what a renamed .exe starts with
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

function upload(b: Browser, name: string, bytes: Buffer) {
  return b.request({
    method: 'POST',
    url: `${SUPPORT_ATTACHMENTS_PATH}?name=${encodeURIComponent(name)}`,
    headers: { ...b.csrf(), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

async function uploaded(b: Browser, name: string, bytes: Buffer): Promise<SupportAttachment> {
  const answer = await upload(b, name, bytes);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const ticket = (more: Record<string, unknown> = {}) => ({
  topic: 'internet',
  subject: 'Modem light blinking orange',
  message: 'Since this morning the modem light blinks orange and nothing connects.',
  lang: 'en',
  ...more,
});

function emailsTo(address: string) {
  const { db } = portal.database();
  return db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, address))
    .orderBy(desc(outboxEmails.createdAt));
}

describe('support tickets', () => {
  it('takes PDF, PNG and JPEG by their content, and refuses a program renamed .png, an empty file and a big one', async () => {
    const b = await portal.visitor();
    expect((await uploaded(b, 'photo.png', PNG)).mediaType).toBe('image/png');
    // a PDF named .png is a PDF: the content decides, not the name
    expect((await uploaded(b, 'bill.png', PDF)).mediaType).toBe('application/pdf');

    const exe = await upload(b, 'holiday.png', EXE);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: [{ path: 'body', code: 'attachment.notAllowed' }],
    });
    const empty = await upload(b, 'empty.pdf', Buffer.alloc(0));
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ code: 'attachment.empty' }] });
    const big = await upload(b, 'scan.pdf', Buffer.concat([PDF, Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    // a name with a path, or a card number in it, is refused before anything is read
    expect((await upload(b, '../etc/passwd.png', PNG)).statusCode).toBe(400);
    expect((await upload(b, '4111 1111 1111 1111.png', PNG)).json().error.fields[0].code).toBe(CARD_NUMBER_IN_TEXT);
  });

  it('files a visitor’s ticket with a file: number, audit entry, confirmation e-mail and a status link that works', async () => {
    const b = await portal.visitor();
    const file = await uploaded(b, 'modem.png', PNG);
    const answer = await post(
      b,
      SUPPORT_TICKETS_PATH,
      ticket({ name: 'Dana Visitor', email: 'Dana@Example.com', attachmentIds: [file.id], lang: 'es' }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json<SupportTicketCreated>();
    expect(created.ticket).toMatchObject({
      number: expect.stringMatching(/^VB-\d{7}$/),
      status: 'received',
      topic: 'internet',
      attachments: [{ name: 'modem.png', mediaType: 'image/png', sizeBytes: PNG.length }],
      withContext: false,
    });
    expect(created.email).toBe('dana@example.com');
    expect(created.statusToken).toEqual(expect.any(String));

    const [email] = await emailsTo('dana@example.com');
    expect(email).toMatchObject({ kind: 'support-ticket', language: 'es' });
    expect(email?.subject).toContain(created.ticket.number);
    expect(email?.body).toContain(`/support/forms?token=${created.statusToken}`);

    const { db } = portal.database();
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.number, created.ticket.number));
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, row?.id ?? ''));
    expect(entry).toMatchObject({
      action: 'support_ticket.created',
      area: 'support',
      accountId: null,
      actorKind: 'guest',
    });

    // anyone with the link reads the status; a forged or altered one is refused
    const other = await portal.visitor();
    const status = await post(other, SUPPORT_TICKET_STATUS_PATH, { token: created.statusToken });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual(created.ticket);
    const forged = `${created.statusToken?.slice(0, -2)}xx`;
    expect((await post(other, SUPPORT_TICKET_STATUS_PATH, { token: forged })).json().error.code).toBe('LINK_UNKNOWN');

    // the file went with the ticket: it cannot be sent again
    const again = await post(
      b,
      SUPPORT_TICKETS_PATH,
      ticket({ name: 'D', email: 'd@example.com', attachmentIds: [file.id] }),
    );
    expect(again.json().error.fields).toEqual([{ path: 'body.attachmentIds', code: 'attachment.gone' }]);
  });

  it('keeps a file for its sender only: another visitor or user cannot attach it', async () => {
    const owner = await portal.visitor();
    const file = await uploaded(owner, 'modem.png', PNG);
    const stranger = await portal.visitor();
    const answer = await post(
      stranger,
      SUPPORT_TICKETS_PATH,
      ticket({ name: 'Eve', email: 'eve@example.com', attachmentIds: [file.id] }),
    );
    expect(answer.statusCode).toBe(404);
    const user = await portal.as('harbor-owner');
    expect((await post(user, SUPPORT_TICKETS_PATH, ticket({ attachmentIds: [file.id] }))).statusCode).toBe(404);
    const { db } = portal.database();
    const [kept] = await db.select().from(supportAttachments).where(eq(supportAttachments.id, file.id));
    expect(kept?.ticketId).toBeNull();
  });

  it('asks a visitor for a name and an address, refuses what fills the honeypot, and a card number in the message', async () => {
    const b = await portal.visitor();
    const missing = await post(b, SUPPORT_TICKETS_PATH, ticket());
    expect(missing.json().error.fields).toEqual([
      { path: 'body.name', code: 'too_small' },
      { path: 'body.email', code: 'too_small' },
    ]);
    const bot = await post(b, SUPPORT_TICKETS_PATH, ticket({ name: 'Bot', email: 'b@example.com', website: 'x' }));
    expect(bot.json().error.fields).toEqual([{ path: 'body.website', code: 'honeypot' }]);
    const card = await post(
      b,
      SUPPORT_TICKETS_PATH,
      ticket({ name: 'A', email: 'a@example.com', message: 'my card 4111 1111 1111 1111 was charged twice' }),
    );
    expect(card.json().error.fields).toEqual([{ path: 'body.message', code: CARD_NUMBER_IN_TEXT }]);
    const { db } = portal.database();
    expect(await db.select().from(supportTickets).where(eq(supportTickets.name, 'Bot'))).toEqual([]);
  });

  it('files a signed-in user’s ticket with the consented context, answered at the profile’s address, and lists them newest first', async () => {
    const b = await portal.as('riverbend-owner');
    const preview = await b.request({ url: SUPPORT_TICKET_CONTEXT_PATH });
    expect(preview.statusCode, preview.body).toBe(200);
    const context = preview.json<SupportContext>();
    expect(context.services.map((service) => service.key)).toContain('INTERNET');
    expect(context.equipment.length).toBeGreaterThan(0);
    // demo-data.md: Riverbend's Orlando outage is under way at the seed's now
    expect(context.outages).toEqual([expect.objectContaining({ reference: expect.stringMatching(/^OUT-/) })]);
    // the request ids of the user's last actions: here, the sign-in's audit entry
    const { db } = portal.database();
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'riverbend-owner'));
    const actions = await db
      .select({ requestId: auditEvents.requestId })
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, owner?.id ?? ''));
    expect(context.traceIds.length).toBeGreaterThan(0);
    for (const id of context.traceIds) expect(actions.map((a) => a.requestId)).toContain(id);

    const first = await post(b, SUPPORT_TICKETS_PATH, ticket({ shareContext: true }));
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<SupportTicketCreated>();
    expect(created.ticket.withContext).toBe(true);
    expect(created.statusToken).toBeNull();
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.number, created.ticket.number));
    expect(row?.context).toMatchObject({ outages: context.outages, traceIds: context.traceIds, lastSpeedTest: null });
    const [email] = await emailsTo(created.email);
    expect(email?.body).toContain(created.ticket.number);
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, row?.id ?? ''));
    expect(entry).toMatchObject({ action: 'support_ticket.created', actorKind: 'user', accountId: row?.accountId });

    // without consent, nothing of the service goes with it
    clock.advance(60_000);
    const second = await post(b, SUPPORT_TICKETS_PATH, ticket({ subject: 'Second' }));
    const [bare] = await db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.number, second.json<SupportTicketCreated>().ticket.number));
    expect(bare?.context).toBeNull();

    const list = await b.request({ url: SUPPORT_TICKETS_PATH });
    expect(list.json<SupportTicketList>().items.map((item) => item.subject)).toEqual(['Second', ticket().subject]);
    // another user of the same account sees only their own
    const colleague = await portal.as('riverbend-billing');
    expect((await colleague.request({ url: SUPPORT_TICKETS_PATH })).json<SupportTicketList>().items).toEqual([]);
  });

  it('counts tickets per client address: past SUPPORT_TICKETS_PER_HOUR in an hour, 429', async () => {
    const b = await portal.visitor('10.249.0.1');
    for (let i = 0; i < SUPPORT_TICKETS_PER_HOUR; i += 1) {
      expect((await post(b, SUPPORT_TICKETS_PATH, ticket())).statusCode).toBe(400);
    }
    const over = await post(b, SUPPORT_TICKETS_PATH, ticket({ name: 'A', email: 'a@example.com' }));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });

  it('pages the user’s tickets by keyset', async () => {
    const b = await portal.as('harbor-admin');
    const { db } = portal.database();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'harbor-admin'));
    const userId = user?.id ?? '';
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, i));
    await db.insert(supportTickets).values(
      Array.from({ length: SUPPORT_TICKETS_PAGE + 3 }, (_, i) => ({
        number: `VB-9${String(i).padStart(6, '0')}`,
        userId,
        name: 'H',
        email: 'h@example.com',
        language: 'en',
        topic: 'billing',
        subject: `Ticket ${i}`,
        message: 'm',
        createdAt: at(i),
        updatedAt: at(i),
      })),
    );
    const first = (await b.request({ url: SUPPORT_TICKETS_PATH })).json<SupportTicketList>();
    expect(first.items).toHaveLength(SUPPORT_TICKETS_PAGE);
    expect(first.items[0]?.subject).toBe(`Ticket ${SUPPORT_TICKETS_PAGE + 2}`);
    const rest = (
      await b.request({ url: `${SUPPORT_TICKETS_PATH}?cursor=${first.nextCursor}` })
    ).json<SupportTicketList>();
    expect(rest.items.map((item) => item.subject)).toEqual(['Ticket 2', 'Ticket 1', 'Ticket 0']);
    expect(rest.nextCursor).toBeNull();
  });
});
