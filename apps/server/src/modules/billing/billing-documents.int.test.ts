import { ACTIVITY_PATH, CHARGES_PATH, EXPORT_SUFFIX, PAYMENT_HISTORY_PATH, STATEMENTS_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { readPdf } from '../../../test/pdf';
import { addPortalUser } from '../../../test/portal-user';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let billingUser: Browser;
let latestId: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
  billingUser = browser(app, { remoteAddress: '10.3.0.1' });
  await signIn(billingUser, 'harbor-billing');
  latestId = (await billingUser.request({ url: STATEMENTS_PATH })).json().items[0].id;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('statement documents', () => {
  it('downloads a valid PDF holding the account number and the total', async () => {
    const response = await billingUser.request({ url: `${STATEMENTS_PATH}/${latestId}/pdf?lang=en` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement-2026-11-10\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await readPdf(response.rawPayload)).pages.join('\n');
    expect(text).toContain('8260170010011234');
    expect(text).toContain('$289.47');
    expect(text).toContain('Harbor Coffee Co.');
  });

  it('writes the PDF in Spanish when asked', async () => {
    const en = (
      await readPdf((await billingUser.request({ url: `${STATEMENTS_PATH}/${latestId}/pdf?lang=en` })).rawPayload)
    ).pages.join('\n');
    const es = (
      await readPdf((await billingUser.request({ url: `${STATEMENTS_PATH}/${latestId}/pdf?lang=es` })).rawPayload)
    ).pages.join('\n');
    expect(es).not.toEqual(en);
    expect(es).toMatch(/Total a pagar|Fecha de vencimiento|Página 1 de/);
    expect(es).toContain('8260170010011234');
  });

  it('prints the account’s own statement security code on its PDF, in both languages (issue 17)', async () => {
    // the first page's text in drawing order, the wrapped lines joined
    const firstPage = async (client: Browser, statementId: string, lang: 'en' | 'es') => {
      const response = await client.request({ url: `${STATEMENTS_PATH}/${statementId}/pdf?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      return ((await readPdf(response.rawPayload)).pages[0] ?? '').replace(/\s+/g, ' ');
    };
    // demo-data.md: Oak & Ivy Florist has no portal user (it is the Create account demo); this test gives it one
    await addPortalUser(database.db, { accountNumber: '8260170080085566', username: 'oakivy-documents' });
    const oak = browser(app, { remoteAddress: '10.3.0.2' });
    await signIn(oak, 'oakivy-documents');
    const oakLatest = (await oak.request({ url: STATEMENTS_PATH })).json().items[0].id;
    const oakEn = await firstPage(oak, oakLatest, 'en');
    expect(oakEn).toContain('8260170080085566');
    expect(oakEn).toContain('Security code for online registration 482913 To create your online account');
    expect(await firstPage(oak, oakLatest, 'es')).toContain(
      'Código de seguridad para registrarse en línea 482913 Para crear su cuenta en línea',
    );

    const harborCode = (await billingUser.request({ url: `${STATEMENTS_PATH}/${latestId}` })).json().statementCode;
    expect(harborCode).toMatch(/^\d{6}$/);
    expect(harborCode).not.toBe('482913');
    const harborEn = await firstPage(billingUser, latestId, 'en');
    expect(harborEn).toContain(`Security code for online registration ${harborCode} `);
    expect(harborEn).not.toContain('482913');
  });

  it('downloads the statement lines as CSV', async () => {
    const response = await billingUser.request({ url: `${STATEMENTS_PATH}/${latestId}/csv` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((line) => line.includes('Business Internet Gig') && line.endsWith('109.99'))).toBe(true);
  });

  it('exports each history list with its filter', async () => {
    for (const path of [ACTIVITY_PATH, PAYMENT_HISTORY_PATH, CHARGES_PATH]) {
      const response = await billingUser.request({
        url: `${path}${EXPORT_SUFFIX}?from=2026-01-01&to=2026-11-21&lang=es`,
      });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(
        response.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean).length,
        path,
      ).toBeGreaterThan(1);
    }
    const payments = await billingUser.request({ url: `${PAYMENT_HISTORY_PATH}${EXPORT_SUFFIX}?lang=es` });
    expect(payments.body).toContain('Completado');
  });

  it('refuses another business, a STANDARD user and enterprise accounts', async () => {
    const other = browser(app, { remoteAddress: '10.3.0.2' });
    await signIn(other, 'maple-owner');
    expect((await other.request({ url: `${STATEMENTS_PATH}/${latestId}/pdf` })).statusCode).toBe(404);
    expect((await other.request({ url: `${STATEMENTS_PATH}/${latestId}/csv` })).statusCode).toBe(404);
    const staff = browser(app, { remoteAddress: '10.3.0.3' });
    await signIn(staff, 'harbor-staff');
    expect((await staff.request({ url: `${STATEMENTS_PATH}/${latestId}/pdf` })).statusCode).toBe(403);
    expect((await staff.request({ url: `${PAYMENT_HISTORY_PATH}${EXPORT_SUFFIX}` })).statusCode).toBe(403);
    const summit = browser(app, { remoteAddress: '10.3.0.4' });
    await signIn(summit, 'summit-owner');
    const suppressed = await summit.request({ url: `${CHARGES_PATH}${EXPORT_SUFFIX}` });
    expect(suppressed.json().error.code).toBe('BILLING_SUPPRESSED');
  });
});
