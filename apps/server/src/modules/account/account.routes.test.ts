import { ACCOUNTS_PATH, CPNI_COMPLIANCE_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { browser, signIn } from '../../../test/sign-in';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function get(username: string, url: string, address: string) {
  const b = browser(app, { remoteAddress: address });
  await signIn(b, username);
  return b.request({ url });
}

describe('account info (spec §7.1)', () => {
  it("answers with the signed-in user's own account", async () => {
    const response = await get('harbor-billing', ACCOUNTS_PATH, '10.7.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      companyName: 'Harbor Coffee Co.',
      isDelinquent: false,
      pastDueAmountCents: 0,
    });
  });

  it('refuses a visitor', async () => {
    const response = await browser(app).request({ url: ACCOUNTS_PATH });
    expect(response.statusCode).toBe(401);
  });
});

describe('CPNI compliance (spec §2.1, ADR 008)', () => {
  it.each([
    // Harbor has business phone service (phone meta): its admin group may manage voice and see CPNI.
    ['harbor-owner', true],
    ['harbor-admin', true],
    ['harbor-billing', false],
    ['harbor-staff', false],
  ])('%s → compliant %s', async (username, compliant) => {
    const response = await get(username, CPNI_COMPLIANCE_PATH, `10.7.1.${username.length}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ compliant });
  });

  it('refuses a visitor', async () => {
    const response = await browser(app).request({ url: CPNI_COMPLIANCE_PATH });
    expect(response.statusCode).toBe(401);
  });
});
