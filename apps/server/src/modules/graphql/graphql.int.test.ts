import {
  AUDIT_LOG_PATH,
  GRAPHQL_AUXILIARY_DOCUMENTS,
  GRAPHQL_AUXILIARY_PATH,
  GRAPHQL_DOCUMENT_MAX_LENGTH,
  GRAPHQL_PATH,
  GRAPHQL_VOICE_PATH,
  SERVICES_PATH,
  STATEMENTS_PATH,
  VOICE_LINES_PATH,
} from '@vireo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { readArticles } from '../support/article-files';
import { GRAPHQL_LIMITS } from './endpoint';

/**
 * The GraphQL endpoints (spec §7.2, issue 23 item 5) through HTTP: getServices' fields, the limits (depth, aliases,
 * cost, length), GraphQL-over-HTTP answers, the session and anti-forgery checks, and the unauthenticated endpoint.
 * The role x field matrix against REST is graphql-authorization.int.test.ts; production's trusted documents are
 * graphql-trusted.int.test.ts.
 */
const portal = signedInApp();

type GraphAnswer = {
  statusCode: number;
  type: string;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };
  raw: string;
};

async function graph(b: Browser, query: string, variables?: object, path = GRAPHQL_PATH): Promise<GraphAnswer> {
  const answer = await b.request({
    method: 'POST',
    url: path,
    headers: { ...b.csrf(), 'content-type': 'application/json' },
    payload: { query, ...(variables ? { variables } : {}) },
  });
  return {
    statusCode: answer.statusCode,
    type: String(answer.headers['content-type'] ?? ''),
    body: answer.json(),
    raw: answer.body,
  };
}

const codes = (answer: GraphAnswer) => (answer.body.errors ?? []).map((error) => error.extensions.code);

describe('/selfservice/graph', () => {
  it('answers getServices with the fields of spec §7.2, the services of the REST route', async () => {
    const b = await portal.as('harbor-owner');
    const answer = await graph(
      b,
      '{ getServices { services { key status plans lineCount } code message canActivateServices serviceActivationUri } }',
    );
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const rest = (await b.request({ url: SERVICES_PATH })).json() as {
      services: { key: string; status: string; plans: string[]; lineCount: number | null }[];
    };
    expect(answer.body.data?.getServices).toEqual({
      services: rest.services.map(({ key, status, plans, lineCount }) => ({ key, status, plans, lineCount })),
      code: 'SERVICES_FOUND',
      message: '3 services',
      canActivateServices: true,
      serviceActivationUri: '/services',
    });
  });

  it('says a STANDARD user cannot activate services (services.manage), and reads the account', async () => {
    const answer = await graph(
      await portal.as('harbor-staff'),
      '{ getServices { canActivateServices } account { companyName accountNumber serviceAddress { city zip } } }',
    );
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data).toMatchObject({
      getServices: { canActivateServices: false },
      account: { companyName: 'Harbor Coffee Co.', serviceAddress: { zip: expect.stringMatching(/^\d{5}$/) } },
    });
  });

  it('pages the statements as the REST list does, by endCursor', async () => {
    const b = await portal.as('harbor-billing');
    const rest = (await b.request({ url: `${STATEMENTS_PATH}?limit=2` })).json() as {
      items: { id: string }[];
      nextCursor: string | null;
    };
    const query =
      'query($after: String) { statements(first: 2, after: $after) { nodes { id totalDueCents } pageInfo { hasNextPage endCursor } } }';
    const first = await graph(b, query);
    const page = first.body.data?.statements as { nodes: { id: string }[]; pageInfo: { endCursor: string | null } };
    expect(page.nodes.map((s) => s.id)).toEqual(rest.items.map((s) => s.id));
    expect(page.pageInfo.endCursor).toBe(rest.nextCursor);
    const second = await graph(b, query, { after: page.pageInfo.endCursor });
    const next = second.body.data?.statements as { nodes: { id: string }[] };
    expect(next.nodes.length).toBeGreaterThan(0);
    expect(next.nodes.some((s) => page.nodes.some((p) => p.id === s.id))).toBe(false);
    const tooMany = await graph(b, '{ statements(first: 101) { nodes { id } } }');
    expect([tooMany.statusCode, codes(tooMany)]).toEqual([200, ['VALIDATION_FAILED']]);
  });

  it(`refuses unrun, 400, a document deeper than ${GRAPHQL_LIMITS.depth}, an alias flood and one over its cost`, async () => {
    const b = await portal.as('harbor-owner');
    // depth 20: the schema nests at most 3 levels, so the nesting is a fragment-free chain on __typename-less fields
    let deep = 'key';
    for (let level = 0; level < 19; level++) deep = `services { ${deep} }`;
    const depth = await graph(b, `{ getServices { ${deep} } }`);
    expect(depth.statusCode, depth.raw).toBe(400);
    expect(depth.body.data).toBeUndefined();
    expect(new Set(codes(depth))).toEqual(new Set(['VALIDATION_FAILED']));
    expect(depth.body.errors?.map((e) => e.message)).toContain(
      `Syntax Error: Query depth limit of ${GRAPHQL_LIMITS.depth} exceeded, found 21.`,
    );
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: getServices { code }`).join(' ');
    const flood = await graph(b, `{ ${aliases} }`);
    expect([flood.statusCode, codes(flood)], flood.raw).toEqual([400, ['VALIDATION_FAILED']]);
    expect(flood.body.errors?.[0]?.message).toMatch(/alias/i);
    const fields = 'nodes { id statementDate dueDate periodStart periodEnd totalDueCents newChargesCents } ';
    const costly = Array.from({ length: 14 }, (_, i) => `s${i}: statements(first: 100) { ${fields.repeat(1)} }`);
    const cost = await graph(b, `{ ${costly.join(' ')} }`);
    // 14 aliases are within the alias limit: the cost refuses it
    expect([cost.statusCode, codes(cost)], cost.raw.slice(0, 300)).toEqual([400, ['VALIDATION_FAILED']]);
    expect(cost.body.errors?.[0]?.message).toMatch(/cost/i);
    const long = await graph(b, `{ getServices { code } } #${'x'.repeat(GRAPHQL_DOCUMENT_MAX_LENGTH)}`);
    expect(long.statusCode, long.raw).toBe(400);
  });

  it('answers GraphQL-over-HTTP: 400 for a document that does not parse or validate, 200 once it ran', async () => {
    const b = await portal.as('harbor-owner');
    const syntax = await graph(b, '{ getServices { code ');
    const odd = await graph(b, '1e308');
    expect(odd.statusCode, odd.raw).toBe(400);
    expect([syntax.statusCode, codes(syntax)]).toEqual([400, ['VALIDATION_FAILED']]);
    expect(syntax.type).toContain('application/json');
    const unknown = await graph(b, '{ password }');
    expect([unknown.statusCode, codes(unknown)]).toEqual([400, ['VALIDATION_FAILED']]);
    const accepts = await b.request({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...b.csrf(), accept: 'application/graphql-response+json' },
      payload: { query: '{ nope }' },
    });
    expect(accepts.statusCode).toBe(400);
    expect(String(accepts.headers['content-type'])).toContain('application/graphql-response+json');
    const get = await b.request({ url: `${GRAPHQL_PATH}?query=${encodeURIComponent('{ getServices { code } }')}` });
    expect([get.statusCode, get.json().data]).toEqual([200, { getServices: { code: 'SERVICES_FOUND' } }]);
    expect(String(get.headers['cache-control'])).toContain('no-store');
    // a mutation is POSTed (GraphQL-over-HTTP): neither GET nor HEAD runs one
    for (const method of ['GET', 'HEAD'] as const) {
      const mutation = await b.request({
        method,
        url: `${GRAPHQL_PATH}?query=${encodeURIComponent('mutation { getServices { code } }')}`,
      });
      expect(mutation.statusCode, method).toBe(400);
      if (method === 'GET') expect(mutation.json().errors[0].message).toBe('A mutation is sent by POST');
    }
  });

  it('needs a session (401 in the error model) and the anti-forgery token on POST (403)', async () => {
    const visitor = await portal.visitor();
    const anonymous = await graph(visitor, '{ getServices { code } }');
    expect([anonymous.statusCode, (anonymous.body as { error?: { code: string } }).error?.code]).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    const b = await portal.as('harbor-owner');
    const forged = await b.request({
      method: 'POST',
      url: GRAPHQL_PATH,
      payload: { query: '{ getServices { code } }' },
    });
    expect([forged.statusCode, forged.json().error?.code]).toEqual([403, 'CSRF_REJECTED']);
  });
});

describe('/selfservice/vox-con/graphql (CPNI)', () => {
  it("answers a line's voicemails and calls as the REST routes do, and refuses an argument REST refuses", async () => {
    const b = await portal.as('harbor-owner');
    const rest = (await b.request({ url: VOICE_LINES_PATH })).json() as { lines: { id: string; number: string }[] };
    const line = rest.lines[0] as { id: string; number: string };
    const answer = await graph(
      b,
      `query($line: ID!, $tn: String!) {
        voiceLines { id number }
        voicemails(lineId: $line, first: 2) { nodes { id from } counts { new saved deleted } pageInfo { endCursor } }
        callLogs(lineId: $line, first: 3) { nodes { id direction } pageInfo { hasNextPage } }
        unreadCount(tn: $tn)
      }`,
      { line: line.id, tn: line.number },
      GRAPHQL_VOICE_PATH,
    );
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.errors, answer.raw).toBeUndefined();
    const data = answer.body.data as {
      voiceLines: { id: string; number: string }[];
      voicemails: { nodes: { id: string }[]; counts: object; pageInfo: { endCursor: string | null } };
      callLogs: { nodes: { id: string }[] };
      unreadCount: number;
    };
    expect(data.voiceLines).toEqual(rest.lines.map(({ id, number }) => ({ id, number })));
    const messages = (await b.request({ url: `/api/pub/voice/v1/lines/${line.id}/messages?limit=2` })).json();
    expect(data.voicemails.nodes.map((m) => m.id)).toEqual(messages.items.map((m: { id: string }) => m.id));
    expect(data.voicemails.counts).toEqual(messages.counts);
    expect(data.voicemails.pageInfo.endCursor).toBe(messages.nextCursor);
    const calls = (await b.request({ url: `/api/pub/voice/v1/lines/${line.id}/calls?limit=3` })).json();
    expect(data.callLogs.nodes.map((c) => c.id)).toEqual(calls.items.map((c: { id: string }) => c.id));
    expect(data.callLogs.nodes.length).toBeGreaterThan(0);
    const unread = (await b.request({ url: `/api/pub/vox-con/voicemail/tn/${line.number}/unread-count` })).json();
    expect(data.unreadCount).toBe(unread.unreadCount);

    const notALine = await graph(
      b,
      '{ voicemails(lineId: "line-1") { counts { new } } }',
      undefined,
      GRAPHQL_VOICE_PATH,
    );
    expect([notALine.statusCode, codes(notALine)], notALine.raw).toEqual([200, ['VALIDATION_FAILED']]);
    const backwards = await graph(
      b,
      `{ callLogs(lineId: "${line.id}", from: "2026-11-20", to: "2026-11-01") { nodes { id } } }`,
      undefined,
      GRAPHQL_VOICE_PATH,
    );
    expect([backwards.statusCode, codes(backwards)], backwards.raw).toEqual([200, ['VALIDATION_FAILED']]);
  });
});

describe('/selfservice/vox-con/graphql mutations', () => {
  it('marks a voicemail heard and deletes it as the REST route does, each with its audit entry; refuses what REST refuses', async () => {
    const owner = await portal.as('harbor-owner');
    const line = (await owner.request({ url: VOICE_LINES_PATH })).json().lines[0] as { id: string };
    const messagesUrl = `/api/pub/voice/v1/lines/${line.id}/messages`;
    const fresh = (await owner.request({ url: `${messagesUrl}?box=new` })).json().items[0] as { id: string };
    expect(fresh).toBeDefined();
    const update = (b: Browser, args: string) =>
      graph(b, `mutation { updateVoicemail(${args}) { id box } }`, undefined, GRAPHQL_VOICE_PATH);
    const actionsOf = async () =>
      ((await owner.request({ url: `${AUDIT_LOG_PATH}?limit=50` })).json().items as { action: string }[]).map(
        (entry) => entry.action,
      );
    const staffUser = await portal.as('harbor-staff');
    const auditBefore = await actionsOf();

    // a STANDARD user: refused with REST's code, nothing changed
    const staff = await update(staffUser, `id: "${fresh.id}", heard: true`);
    expect([staff.statusCode, codes(staff), staff.body.data], staff.raw).toEqual([200, ['FORBIDDEN'], null]);
    // nothing to change, and an id that is none: REST's validation
    const nothing = await update(owner, `id: "${fresh.id}"`);
    expect(codes(nothing), nothing.raw).toEqual(['VALIDATION_FAILED']);
    const notAnId = await update(owner, 'id: "message-1", heard: true');
    expect(codes(notAnId), notAnId.raw).toEqual(['VALIDATION_FAILED']);
    expect((await owner.request({ url: `${messagesUrl}?box=new` })).json().items[0].id).toBe(fresh.id);
    expect(await actionsOf()).toEqual(auditBefore);

    const heard = await update(owner, `id: "${fresh.id}", heard: true`);
    expect(heard.body, heard.raw).toEqual({ data: { updateVoicemail: { id: fresh.id, box: 'saved' } } });
    const saved = (await owner.request({ url: `${messagesUrl}?box=saved&limit=100` })).json().items;
    expect(saved.map((m: { id: string }) => m.id)).toContain(fresh.id);
    // a deleted message cannot be marked: REST's rule, REST's field
    const deleted = await update(owner, `id: "${fresh.id}", deleted: true`);
    expect(deleted.body.data).toEqual({ updateVoicemail: { id: fresh.id, box: 'deleted' } });
    const unheard = await update(owner, `id: "${fresh.id}", heard: false`);
    expect(codes(unheard), unheard.raw).toEqual(['VALIDATION_FAILED']);
    // the entries written since (the fixed clock gives them one instant: compared as a set)
    const added = await actionsOf();
    for (const action of auditBefore) added.splice(added.indexOf(action), 1);
    expect(added.sort()).toEqual(['voicemail.deleted', 'voicemail.heard']);

    // a mutation is never run from a GET (GraphQL-over-HTTP: GET is safe)
    const viaGet = await owner.request({
      url: `${GRAPHQL_VOICE_PATH}?query=${encodeURIComponent(`mutation { updateVoicemail(id: "${fresh.id}", deleted: false) { id } }`)}`,
    });
    expect([viaGet.statusCode, viaGet.json().errors[0].extensions.code], viaGet.body).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    const stillDeleted = (await owner.request({ url: `${messagesUrl}?box=deleted&limit=100` })).json().items;
    expect(stillDeleted.map((m: { id: string }) => m.id)).toContain(fresh.id);
  });
});

describe('/selfservice/graphauxiliary (no sign-in)', () => {
  beforeAll(async () => {
    await portal.app().portal.services.support.sync(readArticles());
  });

  it('searches the help centre for anyone, as the REST search does; outside production any document runs', async () => {
    const visitor = await portal.visitor();
    const answer = await graph(
      visitor,
      GRAPHQL_AUXILIARY_DOCUMENTS.SupportSearch,
      { q: 'voicemail', lang: 'en' },
      GRAPHQL_AUXILIARY_PATH,
    );
    expect(answer.statusCode, answer.raw).toBe(200);
    const result = answer.body.data?.supportSearch as { match: string; items: { slug: string }[] };
    const rest = (await visitor.request({ url: '/api/pub/support/v1/search?q=voicemail&lang=en' })).json() as {
      match: string;
      items: { slug: string }[];
    };
    expect(result.match).toBe(rest.match);
    expect(result.items.map((i) => i.slug)).toEqual(rest.items.map((i) => i.slug));
    expect(result.items.length).toBeGreaterThan(0);
    const card = await graph(
      visitor,
      GRAPHQL_AUXILIARY_DOCUMENTS.SupportSearch,
      { q: '4111 1111 1111 1111' },
      GRAPHQL_AUXILIARY_PATH,
    );
    expect([card.statusCode, codes(card)]).toEqual([200, ['VALIDATION_FAILED']]);
    expect(card.raw).not.toContain('4111');
    const signedIn = await graph(
      await portal.as('harbor-staff'),
      '{ getServices { code } }',
      undefined,
      GRAPHQL_AUXILIARY_PATH,
    );
    expect([signedIn.statusCode, codes(signedIn)]).toEqual([400, ['VALIDATION_FAILED']]);
  });
});
