import { EMAIL_DELIVERY_ATTEMPTS, EMAIL_RETRY_FIRST_DELAY_MS, LANGUAGE_PATH } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { paymentOptions, submitPayment } from '../../test/payments';
import { browser, signIn } from '../../test/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { type Db, openDatabase } from '../db/client';
import { jobs, outboxEmails } from '../db/schema';
import { fixedClock } from './clock';
import { createSmtpTransport } from './email';
import { createJobs, createJobsRepository, retryDelayMs } from './jobs';
import { createOutboxRepository, EMAIL_DELIVERY_JOB, EMAIL_RETRY, emailDeliveryHandler } from './outbox';

/**
 * E-mail delivery (wider-portal.md §2, issue 17 item 1) against a real SMTP server started in the test: the outbox
 * queues each e-mail with its delivery job in the transaction of the change; the `email.deliver` job sends it once,
 * retries a refused delivery with backoff, gives up after its attempts, and two instances never send one twice.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

/** One portal instance's mail side: its job registry with the delivery handler, and its outbox. */
function instance(db: Db, server: TestSmtpServer = smtp) {
  const repo = createJobsRepository();
  const registry = createJobs({ db, clock, repo });
  const transport = createSmtpTransport({
    url: server.url,
    from: '"Vireo Business" <no-reply@portal.test>',
    messageIdDomain: 'portal.test',
  });
  registry.register(EMAIL_DELIVERY_JOB, emailDeliveryHandler(transport), EMAIL_RETRY);
  const outbox = createOutboxRepository({ brandName: 'Vireo Business', jobs: repo, delivers: true });
  return { registry, outbox, transport };
}

const deliveryJob = async (emailId: string) => {
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `email:${emailId}`));
  return job;
};

describe('e-mail delivery over SMTP', () => {
  it('sends a queued e-mail once, its text and HTML parts in the recipient language, and marks it sent', async () => {
    const { registry, outbox, transport } = instance(database.db);
    const before = smtp.received.length;
    const id = await database.db.transaction((tx) =>
      outbox.queueEmail(tx, {
        to: 'harbor-admin@harborcoffee.example',
        kind: 'verify-email',
        language: 'es',
        subject: 'Confirme su correo electrónico',
        text: 'Confirme la dirección de su cuenta.\n\nEl enlace vence en 24 horas.',
        action: { label: 'Confirmar correo', url: 'http://localhost:3000/verify-link?token=abc123' },
        createdAt: clock.now(),
      }),
    );
    expect(await registry.runDue()).toBe(1);
    expect(smtp.received.length - before).toBe(1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toMatchObject({ text: 'harbor-admin@harborcoffee.example' });
    expect(mail?.from?.text).toBe('"Vireo Business" <no-reply@portal.test>');
    expect(mail?.subject).toBe('Confirme su correo electrónico');
    expect(mail?.messageId).toBe(`<${id}@portal.test>`);
    expect(mail?.headers.get('content-language')).toBe('es');
    // both parts: the text with the link's address, the HTML with the button and the same address, and a Spanish footer
    expect(mail?.text).toContain('Confirmar correo:\nhttp://localhost:3000/verify-link?token=abc123');
    expect(mail?.text).toContain('Este mensaje es de Vireo Business');
    expect(mail?.html).toContain('<a href="http://localhost:3000/verify-link?token=abc123"');
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.html).toContain('Si el botón no funciona');
    expect(mail?.html).not.toMatch(/This message|If the button/);
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row?.sentAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row?.messageId).toBe(`<${id}@portal.test>`);
    // done: another pass sends nothing
    expect(await registry.runDue()).toBe(0);
    expect(smtp.received.length - before).toBe(1);
    transport.close();
  });

  it('sends nothing when the change that queued the e-mail rolls back', async () => {
    const { registry, outbox, transport } = instance(database.db);
    const before = smtp.received.length;
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.queueEmail(tx, {
          to: 'harbor-owner@harborcoffee.example',
          kind: 'receipt',
          language: 'en',
          subject: 'Never sent',
          text: 'The payment failed after this was queued.',
          createdAt: clock.now(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await registry.runDue()).toBe(0);
    expect(smtp.received.length).toBe(before);
    transport.close();
  });

  it('retries a refused delivery after the backoff, then sends it once', async () => {
    const { registry, outbox, transport } = instance(database.db);
    const before = smtp.received.length;
    const id = await outbox.queueEmail(database.db, {
      to: 'harbor-billing@harborcoffee.example',
      kind: 'receipt',
      language: 'en',
      subject: 'Refused once',
      text: 'Thank you for your payment.',
      createdAt: clock.now(),
    });
    smtp.refuseNext(1);
    await expect(registry.runDue()).rejects.toThrow(AggregateError);
    const failed = await deliveryJob(id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.lastError).toMatch(/451/);
    expect(failed?.runAt.getTime()).toBe(clock.now().getTime() + EMAIL_RETRY_FIRST_DELAY_MS);
    // not due before the backoff has passed
    expect(await registry.runDue()).toBe(0);
    expect(smtp.received.length).toBe(before);
    clock.advance(EMAIL_RETRY_FIRST_DELAY_MS);
    expect(await registry.runDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.subject).filter((subject) => subject === 'Refused once')).toHaveLength(1);
    expect(await deliveryJob(id)).toMatchObject({ status: 'done', attempts: 2 });
    transport.close();
  });

  it(`gives up after ${EMAIL_DELIVERY_ATTEMPTS} refused attempts, each later than the one before`, async () => {
    const { registry, outbox, transport } = instance(database.db);
    const id = await outbox.queueEmail(database.db, {
      to: 'harbor-staff@harborcoffee.example',
      kind: 'receipt',
      language: 'en',
      subject: 'Always refused',
      text: 'Nobody receives this.',
      createdAt: clock.now(),
    });
    smtp.refuseNext(EMAIL_DELIVERY_ATTEMPTS);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= EMAIL_DELIVERY_ATTEMPTS; attempt++) {
      const start = clock.now().getTime();
      await expect(registry.runDue()).rejects.toThrow(AggregateError);
      const job = await deliveryJob(id);
      expect(job?.attempts).toBe(attempt);
      if (attempt < EMAIL_DELIVERY_ATTEMPTS) {
        delays.push((job?.runAt.getTime() ?? 0) - start);
        clock.advance(retryDelayMs(EMAIL_RETRY, attempt));
      } else expect(job?.status).toBe('failed');
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000]);
    clock.advance(24 * 3_600_000);
    expect(await registry.runDue()).toBe(0);
    expect(smtp.received.some((mail) => mail.subject === 'Always refused')).toBe(false);
    transport.close();
  });

  it('two instances delivering at once send each e-mail exactly once', async () => {
    const slow = await startTestSmtpServer({ delayMs: 30 });
    // on PostgreSQL the second instance has its own connection pool, as a second process would
    const second = database.url ? await openDatabase({ url: database.url, poolSize: 5 }) : null;
    const a = instance(database.db, slow);
    const b = instance(second?.db ?? database.db, slow);
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) {
      ids.push(
        await a.outbox.queueEmail(database.db, {
          to: `bookkeeper${n}@example.com`,
          kind: 'receipt',
          language: 'en',
          subject: `Receipt ${n}`,
          text: 'Thank you for your payment.',
          createdAt: clock.now(),
        }),
      );
    }
    const [sentByA, sentByB] = await Promise.all([a.registry.runDue(), b.registry.runDue()]);
    expect(sentByA + sentByB).toBe(12);
    expect(slow.received.map((mail) => mail.messageId).sort()).toEqual(ids.map((id) => `<${id}@portal.test>`).sort());
    a.transport.close();
    b.transport.close();
    await second?.close();
    await slow.close();
  });
});

describe('the portal with SMTP_URL', () => {
  let portalDatabase: TestDatabase;
  beforeAll(async () => {
    portalDatabase = await createTestDatabase({ seed: new Date('2026-11-21T15:00:00Z') });
  });
  afterAll(async () => portalDatabase?.close());

  it("delivers a payment's receipt, in the payer's language, through the configured server", async () => {
    const { app } = await buildTestApp(portalDatabase, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vireo Business <billing@vireo.example>' },
      clock: fixedClock('2026-11-21T15:00:00Z'),
    });
    try {
      const b = browser(app, { remoteAddress: '10.77.0.1' });
      await signIn(b, 'harbor-billing');
      const language = await b.request({
        method: 'PUT',
        url: LANGUAGE_PATH,
        headers: b.csrf(),
        payload: { language: 'es' },
      });
      expect(language.statusCode, language.body).toBeLessThan(300);
      const visa = (await paymentOptions(b)).methods.find((method) => method.label === 'Visa 4242');
      const payment = await submitPayment(b, {
        amountCents: 5_000,
        paymentDate: '2026-11-21',
        method: { paymentMethodId: visa?.id },
      });
      expect(payment.statusCode, payment.body).toBe(200);
      const confirmation = payment.json().payment.confirmationNumber as string;
      const before = smtp.received.length;
      expect(await app.portal.services.mail.deliverDue()).toBe(1);
      const receipt = smtp.received.slice(before).find((mail) => mail.subject?.includes(confirmation));
      expect(receipt?.from?.value).toEqual([{ name: 'Vireo Business', address: 'billing@vireo.example' }]);
      expect(receipt?.to).toMatchObject({ text: 'harbor-billing@harborcoffee.example' });
      expect(receipt?.subject).toContain('pago recibido');
      expect(receipt?.text).toContain('Gracias por su pago.');
      expect(receipt?.text).toContain('$50.00');
      expect(receipt?.html).toContain('Gracias por su pago.');
    } finally {
      await app.close();
    }
  });
});
