import { randomUUID } from 'node:crypto';
import {
  MAILBOX_EMAILS_PATH,
  MAILBOX_TEXTS_PATH,
  type MailboxEmailsPage,
  type MailboxTextsPage,
  mailboxEmailHtmlPath,
} from '@vireo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PROD_SECRETS } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createJobsRepository } from '../../platform/jobs';
import { createOutboxRepository } from '../../platform/outbox';

/**
 * The non-production mailbox (wider-portal.md §2, issue 17 item 1): every e-mail and text, newest first, keyset-paged,
 * open without sign-in; the HTML part as a page that runs nothing; not registered in production.
 */
let database: TestDatabase;
const outbox = createOutboxRepository({ brandName: 'Vireo Business', jobs: createJobsRepository(), delivers: false });
const BASE = Date.parse('2026-11-21T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  // 30 e-mails a minute apart (the newest last), to two addresses; a `<script>` in one, which must stay inert
  for (let n = 0; n < 30; n++) {
    await outbox.queueEmail(database.db, {
      to: n % 3 === 0 ? 'bookkeeper@example.com' : 'harbor-owner@harborcoffee.example',
      kind: 'receipt',
      language: n % 2 === 0 ? 'en' : 'es',
      subject: `Message ${n}`,
      text: n === 29 ? 'Open https://portal.test/verify-link?token=t29 <script>alert(1)</script>' : `Body ${n}`,
      createdAt: new Date(BASE + n * 60_000),
    });
  }
  // texts: one at 22:00 New York time (quiet hours: held until 08:00), one security notice at the same time (not held)
  const night = new Date('2026-11-22T03:00:00Z');
  for (const security of [false, true]) {
    await outbox.queueText(database.db, {
      to: '+12075550101',
      kind: security ? 'security-code' : 'appointment-reminder',
      language: 'en',
      body: security ? 'Your code is 123456' : 'Your technician visit is tomorrow 08:00-10:00',
      security,
      timeZone: 'America/New_York',
      createdAt: night,
    });
  }
});
afterAll(async () => database?.close());

async function app(env: Record<string, string> = {}) {
  return (await buildTestApp(database, { env })).app;
}

describe('the mailbox (outside production)', () => {
  it('lists every e-mail newest first, 25 a page, and pages older and back by keyset cursors, without sign-in', async () => {
    const portal = await app();
    try {
      const first = await portal.inject({ url: MAILBOX_EMAILS_PATH });
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json() as MailboxEmailsPage;
      expect(page1.items.map((item) => item.subject)).toEqual(
        Array.from({ length: 25 }, (_, index) => `Message ${29 - index}`),
      );
      expect(page1.previousCursor).toBeNull();
      expect(page1.items[0]).toMatchObject({
        to: 'harbor-owner@harborcoffee.example',
        kind: 'receipt',
        language: 'es',
        createdAt: new Date(BASE + 29 * 60_000).toISOString(),
        sentAt: null,
      });
      expect(page1.items[0]?.text).toContain('https://portal.test/verify-link?token=t29');
      const second = (
        await portal.inject({ url: `${MAILBOX_EMAILS_PATH}?cursor=${page1.nextCursor}` })
      ).json() as MailboxEmailsPage;
      expect(second.items.map((item) => item.subject)).toEqual([4, 3, 2, 1, 0].map((n) => `Message ${n}`));
      expect(second.nextCursor).toBeNull();
      const back = (
        await portal.inject({ url: `${MAILBOX_EMAILS_PATH}?cursor=${second.previousCursor}` })
      ).json() as MailboxEmailsPage;
      expect(back.items.map((item) => item.subject)).toEqual(page1.items.map((item) => item.subject));
    } finally {
      await portal.close();
    }
  });

  it('shows only the messages to one address when asked', async () => {
    const portal = await app();
    try {
      const page = (
        await portal.inject({ url: `${MAILBOX_EMAILS_PATH}?to=bookkeeper@example.com&limit=100` })
      ).json() as MailboxEmailsPage;
      expect(page.items.map((item) => item.subject)).toEqual(
        [27, 24, 21, 18, 15, 12, 9, 6, 3, 0].map((n) => `Message ${n}`),
      );
    } finally {
      await portal.close();
    }
  });

  it('serves an e-mail as HTML under a policy that runs nothing, the script in it escaped', async () => {
    const portal = await app();
    try {
      const newest = ((await portal.inject({ url: MAILBOX_EMAILS_PATH })).json() as MailboxEmailsPage).items[0];
      const html = await portal.inject({ url: mailboxEmailHtmlPath(newest?.id as string) });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline';/);
      expect(html.body).toContain('<a href="https://portal.test/verify-link?token=t29"');
      expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html.body).not.toContain('<script>');
      const missing = await portal.inject({ url: mailboxEmailHtmlPath(randomUUID()) });
      expect(missing.statusCode).toBe(404);
    } finally {
      await portal.close();
    }
  });

  it('lists texts, the one queued in the quiet hours held until 08:00 there, the security notice not', async () => {
    const portal = await app();
    try {
      const page = (await portal.inject({ url: MAILBOX_TEXTS_PATH })).json() as MailboxTextsPage;
      expect(page.items).toHaveLength(2);
      const reminder = page.items.find((item) => item.kind === 'appointment-reminder');
      const code = page.items.find((item) => item.kind === 'security-code');
      expect(reminder).toMatchObject({ security: false, sendAfter: '2026-11-22T13:00:00.000Z' });
      expect(code).toMatchObject({ security: true, sendAfter: '2026-11-22T03:00:00.000Z' });
    } finally {
      await portal.close();
    }
  });

  it('refuses a cursor it did not make', async () => {
    const portal = await app();
    try {
      const answer = await portal.inject({ url: `${MAILBOX_EMAILS_PATH}?cursor=not-a-cursor` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    } finally {
      await portal.close();
    }
  });
});

describe('the mailbox in production', () => {
  it('does not exist', async () => {
    const portal = await app({ PORTAL_ENV: 'prod', ...PROD_SECRETS });
    try {
      for (const url of [MAILBOX_EMAILS_PATH, MAILBOX_TEXTS_PATH, mailboxEmailHtmlPath(randomUUID())]) {
        const answer = await portal.inject({ url });
        expect(answer.statusCode, url).toBe(404);
        expect(portal.portal.routes.some((route) => route.url.startsWith('/api/dev/mailbox'))).toBe(false);
      }
    } finally {
      await portal.close();
    }
  });
});
