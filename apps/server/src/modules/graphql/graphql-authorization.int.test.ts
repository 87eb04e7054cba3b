import { GRAPHQL_AUXILIARY_PATH, GRAPHQL_PATH, GRAPHQL_VOICE_PATH, VOICE_LINES_PATH } from '@vireo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import {
  ACTOR_USERNAMES,
  ACTORS,
  type Actor,
  AUTHORIZATION_MATRIX,
  answerOf,
  routeKey,
} from '../../security/authorization-matrix';
import { AUXILIARY_FIELDS } from './auxiliary.schema';
import { GRAPH_FIELDS } from './graph.schema';
import { VOICE_FIELDS, VOICE_MUTATIONS } from './voice.schema';

/**
 * Issue 23 item 5: "the same role x resource matrix as REST". Every root field of each GraphQL endpoint names the
 * REST route it mirrors; each actor of the authorization matrix asks for the field alone, and gets what the matrix
 * says of the REST route for that actor: data where authorization lets the actor through (`public`, `allowed`),
 * FORBIDDEN where the role lacks the capability, NOT_FOUND where the request names another business's record (the
 * selections carry Harbor's ids, as the matrix's requests do), and the endpoint's own 401 without a session. A field without a mirrored route
 * in the matrix, or a new field not listed here, fails.
 */
const portal = signedInApp();

/** Harbor's first line (read in beforeAll): the matrix's requests carry Harbor's ids, so another business gets 404. */
const harbor = { lineId: '', tn: '', heardMessageId: '' };
beforeAll(async () => {
  const owner = await portal.as('harbor-owner');
  const lines = (await owner.request({ url: VOICE_LINES_PATH })).json().lines;
  harbor.lineId = lines[0].id;
  harbor.tn = lines[0].number;
  // a heard voicemail, marked heard again (nothing changes), as the REST matrix's request
  harbor.heardMessageId = (
    await owner.request({ url: `/api/pub/voice/v1/lines/${harbor.lineId}/messages?box=saved` })
  ).json().items[0].id;
});

/** The smallest selection of each field, with Harbor's ids where it takes one. */
const SELECTIONS: Record<string, () => string> = {
  account: () => 'account { companyName }',
  getServices: () => 'getServices { code }',
  statements: () => 'statements(first: 1) { nodes { id } }',
  supportSearch: () => 'supportSearch(q: "voicemail") { match }',
  voiceLines: () => 'voiceLines { id }',
  voicemails: () => `voicemails(lineId: "${harbor.lineId}") { counts { new } }`,
  callLogs: () => `callLogs(lineId: "${harbor.lineId}", first: 1) { nodes { id } }`,
  unreadCount: () => `unreadCount(tn: "${harbor.tn}")`,
  updateVoicemail: () => `updateVoicemail(id: "${harbor.heardMessageId}", heard: true) { id }`,
};

/** Each endpoint's root fields by operation (`query` or `mutation`). */
const ENDPOINTS = [
  { path: GRAPHQL_PATH, fields: GRAPH_FIELDS, operation: 'query' },
  { path: GRAPHQL_AUXILIARY_PATH, fields: AUXILIARY_FIELDS, operation: 'query' },
  { path: GRAPHQL_VOICE_PATH, fields: VOICE_FIELDS, operation: 'query' },
  { path: GRAPHQL_VOICE_PATH, fields: VOICE_MUTATIONS, operation: 'mutation' },
] as const;

describe('GraphQL fields x roles, as the REST matrix', () => {
  it('has a selection for every field, and every field mirrors a route of the matrix with its access', async () => {
    const b = await portal.as('harbor-owner');
    for (const { path, fields, operation } of ENDPOINTS) {
      const schema = await b.request({
        method: 'POST',
        url: path,
        headers: b.csrf(),
        payload: { query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' },
      });
      const type = schema.json().data.__schema[operation === 'query' ? 'queryType' : 'mutationType'];
      const names = type.fields.map((f: { name: string }) => f.name);
      expect(names.sort(), `${path} ${operation}`).toEqual(Object.keys(fields).sort());
      for (const [field, { access, mirrors }] of Object.entries(fields)) {
        expect(SELECTIONS[field], field).toBeDefined();
        const entry = AUTHORIZATION_MATRIX.find((e) => routeKey(e) === mirrors);
        expect(entry?.access, `${field} mirrors ${mirrors}`).toBe(access);
      }
    }
  });

  for (const actor of ACTORS) {
    it(`answers ${actor} each field as REST answers the route it mirrors`, async () => {
      const b =
        actor === 'anonymous'
          ? await portal.visitor()
          : await portal.as(ACTOR_USERNAMES[actor as Exclude<Actor, 'anonymous'>]);
      for (const { path, fields, operation } of ENDPOINTS) {
        for (const [field, { mirrors }] of Object.entries(fields)) {
          const entry = AUTHORIZATION_MATRIX.find((e) => routeKey(e) === mirrors);
          if (!entry) throw new Error(`${field}: ${mirrors} is not in the matrix`);
          const outcome = entry.expect[actor];
          const expected = answerOf(outcome);
          const answer = await b.request({
            method: 'POST',
            url: path,
            headers: b.csrf(),
            payload: { query: `${operation} { ${SELECTIONS[field]?.()} }` },
          });
          const label = `${actor} ${path} ${field} (REST ${mirrors}: ${expected.status} ${expected.code ?? ''}): ${answer.body}`;
          if (outcome.class === 'unauthenticated') {
            // without a session the endpoint itself refuses, before any field, in the error model
            expect([answer.statusCode, answer.json().error?.code], label).toEqual([401, expected.code]);
          } else if (outcome.class === 'public' || outcome.class === 'allowed') {
            expect(answer.statusCode, label).toBe(200);
            expect(answer.json().errors, label).toBeUndefined();
            expect(answer.json().data[field], label).toBeTruthy();
          } else {
            // forbidden, notFound: the field is refused with the REST route's code; nothing of it is answered
            expect(answer.statusCode, label).toBe(200);
            expect(
              answer.json().errors?.map((e: { extensions: { code: string } }) => e.extensions.code),
              label,
            ).toEqual([expected.code]);
            expect(answer.json().data, label).toBeNull();
          }
        }
      }
    });
  }
});
