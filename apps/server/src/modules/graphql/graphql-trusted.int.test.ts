import { createHash } from 'node:crypto';
import { COOKIES, CSRF_HEADER, GRAPHQL_AUXILIARY_DOCUMENTS, GRAPHQL_AUXILIARY_PATH, GRAPHQL_PATH } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PROD_SECRETS } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { users } from '../../db/schema';
import { readArticles } from '../support/article-files';

/**
 * Issue 23 item 5: in production the unauthenticated endpoint runs only the portal's trusted documents
 * (GRAPHQL_AUXILIARY_DOCUMENTS), named by the sha256 of their text; a document sent as text, or an unknown hash, is
 * refused unrun.
 */
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase({ seed: new Date('2026-11-21T15:00:00Z') });
  ({ app } = await buildTestApp(database, { env: { PORTAL_ENV: 'prod', ...PROD_SECRETS } }));
  await app.portal.services.support.sync(readArticles());
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function inject(url: string, payload: object, headers: Record<string, string> = {}) {
  const origin = new URL(app.portal.config.publicUrl);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: origin.host,
      origin: origin.origin,
      'x-forwarded-proto': origin.protocol.replace(':', ''),
      ...headers,
    },
    payload,
  });
}
const post = (payload: object) => inject(GRAPHQL_AUXILIARY_PATH, payload);

describe('the signed-in endpoint in production', () => {
  it('runs any document of its schema but no introspection of it', async () => {
    // a session as sign-in makes it (production keeps the demo users out of the sign-in form)
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'harbor-owner'));
    const session = await app.portal.services.identity.createSession({ userId: owner?.id ?? '', rememberMe: false });
    const ask = (query: string) =>
      inject(
        GRAPHQL_PATH,
        { query },
        { cookie: `${COOKIES.session}=${session.token}`, [CSRF_HEADER]: session.csrfToken },
      );
    const services = await ask('{ getServices { code } }');
    expect([services.statusCode, services.json().data], services.body).toEqual([
      200,
      { getServices: { code: 'SERVICES_FOUND' } },
    ]);
    const schema = await ask('{ __schema { queryType { name } } }');
    expect([schema.statusCode, schema.json().errors?.[0]?.extensions.code], schema.body).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
  });
});

describe('the unauthenticated endpoint in production', () => {
  it("runs a trusted document by its hash, and refuses an unlisted one and any document's text", async () => {
    const trusted = await post({
      variables: { q: 'voicemail', lang: 'en' },
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(GRAPHQL_AUXILIARY_DOCUMENTS.SupportSearch) } },
    });
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().data.supportSearch.items.length).toBeGreaterThan(0);

    // the same document as text: not run (a client could send any other text the same way)
    const text = await post({ query: GRAPHQL_AUXILIARY_DOCUMENTS.SupportSearch, variables: { q: 'voicemail' } });
    expect([text.statusCode, text.json().errors?.[0]?.extensions.code], text.body).toEqual([400, 'VALIDATION_FAILED']);
    expect(text.json().data).toBeUndefined();

    const unlisted = '{ supportSearch(q: "voicemail") { match } }';
    const unknown = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256(unlisted) } } });
    expect([unknown.statusCode, unknown.json().errors?.[0]?.extensions.code], unknown.body).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(unknown.json().errors[0].message).toBe('Not a trusted document of this endpoint');
  });
});
