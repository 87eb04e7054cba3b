import { FLAGS_PATH, LOGOUT_PATH, PCI_TOKENIZE_PATH } from '@vireo/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymousCsrf, buildTestApp, devControlHeaders } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { findCardDataField } from './card-data-guard';

const database = await createTestDatabase();
const { app, logs } = await buildTestApp(database);
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the card-data guard (architecture.md: every other API rejects card data)', () => {
  it('refuses a card number sent to another route', async () => {
    const response = await app.inject({
      method: 'POST',
      url: LOGOUT_PATH,
      headers: await anonymousCsrf(app),
      payload: { cardNumber: '4242424242424242' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'CARD_DATA_REFUSED',
      fields: [{ path: 'body.cardNumber', code: 'card_data' }],
    });
    expect(response.body).not.toContain('4242424242424242');
    expect(logs.text()).not.toContain('4242424242424242');
  });

  it('refuses a nested security code, before the route validates its body', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/dev/flags/maintenance',
      headers: await devControlHeaders(app),
      payload: { enabled: null, wallet: [{ note: 'x' }, { card: { cvv: '123' } }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'CARD_DATA_REFUSED',
      fields: [{ path: 'body.wallet.1.card.cvv', code: 'card_data' }],
    });
  });

  it('refuses card data in a query string', async () => {
    const response = await app.inject({ url: `${FLAGS_PATH}?pan=4242424242424242` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CARD_DATA_REFUSED');
  });

  it('lets the card vault receive card data (it answers 401 here only because nobody signed in)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: PCI_TOKENIZE_PATH,
      headers: await anonymousCsrf(app),
      payload: { type: 'card', cardNumber: '4242424242424242' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets ordinary bodies through', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/dev/flags/maintenance',
      headers: await devControlHeaders(app),
      payload: { enabled: null },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the logs', () => {
  it('redact card-data fields of anything logged by hand', () => {
    app.log.info({ cardNumber: '5555555555554444', payment: { securityCode: '9876', accountNumber: '000111111116' } });
    // The line's own fields only: its time, pid or hostname may hold the digits '9876' by chance (CI once had one that did).
    const logged = logs.lines.filter((line) => 'cardNumber' in line);
    expect(logged).toHaveLength(1);
    const { time: _time, pid: _pid, hostname: _hostname, ...fields } = logged[0] ?? {};
    const text = JSON.stringify(fields);
    expect(text).toContain('[redacted]');
    for (const secret of ['5555555555554444', '9876', '000111111116']) expect(text).not.toContain(secret);
    for (const secret of ['5555555555554444', '000111111116']) expect(logs.text()).not.toContain(secret);
  });
});

describe('findCardDataField', () => {
  it.each([
    [{ cardNumber: '1' }, 'body.cardNumber'],
    [{ a: { b: { securityCode: '1' } } }, 'body.a.b.securityCode'],
    [{ list: [{ accountNumber: '1' }] }, 'body.list.0.accountNumber'],
    [{ card_number: '1' }, 'body.card_number'],
    [{ CVV: '1' }, 'body.CVV'],
    [[{ pan: '1' }], 'body.0.pan'],
    [{ note: 'cardNumber', cards: ['cvv'] }, null],
    [{ routingNumber: '110000000', lastFour: '4242' }, null],
    [null, null],
    ['cardNumber', null],
  ])('%j: %s', (value, expected) => {
    expect(findCardDataField(value)).toBe(expected);
  });

  it('walks deep bodies without recursion', () => {
    let deep: unknown = { cvv: '1' };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    expect(findCardDataField(deep)?.endsWith('.cvv')).toBe(true);
  });
});
