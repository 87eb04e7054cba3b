#!/usr/bin/env node
// `npm run new:module <name>`: a new area in the shape of docs/module-template.md (issue 15 item 5): the server module
// (repository, service, routes, a service test over fakes, an integration test on the shared signed-in app), its
// shared schema file, its web feature folder and its message catalog (messages/<name>/en.json, es.json). Nothing existing is overwritten;
// what is left to wire (app.ts, the authorization matrix, the route table) is printed at the end.
// `--root <dir>` writes into another tree (the generator's own test).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex === -1 ? join(dirname(fileURLToPath(import.meta.url)), '..') : args[rootIndex + 1];
const name = args.filter((_, index) => rootIndex === -1 || (index !== rootIndex && index !== rootIndex + 1))[0];

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('usage: npm run new:module <name>   (kebab-case, e.g. service-appointments)');
  process.exit(2);
}

const words = name.split('-');
const M = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
const c = M[0].toLowerCase() + M.slice(1);
const CONST = words.join('_').toUpperCase();
const title = words.map((word, index) => (index === 0 ? word[0].toUpperCase() + word.slice(1) : word)).join(' ');

const files = {
  [`packages/shared/src/schemas/${name}.ts`]: `import { z } from 'zod';

/** ${title}: the paths and bodies of its API (cite the spec section of each rule). */
export const ${CONST}_PATH = '/api/pub/${name}/v1/${name}';

export const ${M}Schema = z.object({
  /** The account's number as the customer knows it. */
  accountNumber: z.string(),
});
export type ${M} = z.infer<typeof ${M}Schema>;
`,

  [`apps/server/src/modules/${name}/${name}.repository.ts`]: `/**
 * ${title}'s queries: each takes an Executor first (the service's transaction), reads and writes only this module's
 * tables (db/schema), and scopes every row a user names by the account. Lists that grow are keyset-paged.
 */
export function create${M}Repository() {
  return {};
}

export type ${M}Repository = ReturnType<typeof create${M}Repository>;
`,

  [`apps/server/src/modules/${name}/${name}.service.ts`]: `import { AppError, type ${M} } from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { AccountService } from '../account/account.service';
import type { ${M}Repository } from './${name}.repository';

export type ${M}Actor = { userId: string; accountId: string };

/** What the service is given (app.ts, the composition root); other modules' services as \`Pick<XService, '…'>\`. */
export type ${M}ServiceDeps = {
  db: Db;
  clock: Clock;
  repo: ${M}Repository;
  audit: AuditRepository;
  accounts: Pick<AccountService, 'get'>;
};

/** ${title}'s rules. Every state change writes \`audit.record\` in its transaction. */
export function create${M}Service({ db, accounts }: ${M}ServiceDeps) {
  return {
    async get(actor: ${M}Actor): Promise<${M}> {
      const account = await accounts.get(db, actor.accountId);
      if (!account) throw new AppError('NOT_FOUND', 'account');
      return { accountNumber: account.accountNumber };
    },
  };
}

export type ${M}Service = ReturnType<typeof create${M}Service>;
`,

  [`apps/server/src/modules/${name}/${name}.routes.ts`]: `import { ${CONST}_PATH, ${M}Schema } from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/**
 * ${title}'s routes: thin (schema, access, call, answer). A change answers through
 * \`answerIdempotently(request, reply, (key) => ${c}.change(actor(request), request.body, key))\`.
 */
export const ${c}Routes: FastifyPluginAsyncZod = async (app) => {
  const { ${c} } = app.portal.services;
  const actor = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };

  app.get(
    ${CONST}_PATH,
    { schema: { tags: ['${name}'], response: { 200: ${M}Schema } }, config: { access: 'billing.view' } },
    async (request) => ${c}.get(actor(request)),
  );
};
`,

  [`apps/server/src/modules/${name}/${name}.service.test.ts`]: `import { describe, expect, it, vi } from 'vitest';
import { fakeAudit, fakeClock, fakeDb, fakeRepository } from '../../../test/fakes';
import { accountStub } from '../../../test/stubs';
import { create${M}Repository } from './${name}.repository';
import { create${M}Service } from './${name}.service';

const actor = { userId: 'user-1', accountId: accountStub.harbor().id };

/** ${title}'s rules over fakes (conventions.md; ${name}.int.test.ts proves the queries and routes). */
function setup() {
  const accounts = { get: vi.fn(async () => accountStub.harbor()) };
  const sut = create${M}Service({
    db: fakeDb(),
    clock: fakeClock('2026-11-21T15:00:00Z'),
    repo: fakeRepository(create${M}Repository),
    audit: fakeAudit(),
    accounts,
  });
  return { sut, accounts };
}

describe('${title} (service)', () => {
  it('answers the account number of the signed-in account', async () => {
    const { sut, accounts } = setup();
    expect(await sut.get(actor)).toEqual({ accountNumber: accountStub.harbor().accountNumber });
    expect(accounts.get).toHaveBeenCalledWith(expect.anything(), actor.accountId);
  });

  it('is NOT_FOUND for an account that is not there', async () => {
    const { sut, accounts } = setup();
    accounts.get.mockResolvedValue(undefined as never);
    await expect(sut.get(actor)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
`,

  [`apps/server/src/modules/${name}/${name}.int.test.ts`]: `import { ${CONST}_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';

const portal = signedInApp();

describe('${title} (routes, on a seeded database)', () => {
  it('answers the signed-in account, and nothing without a session', async () => {
    const b = await portal.as('harbor-owner');
    const answer = await b.request({ url: ${CONST}_PATH });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ accountNumber: '8260170010011234' });
    const anonymous = await portal.app().inject({ url: ${CONST}_PATH });
    expect(anonymous.statusCode).toBe(401);
  });
});
`,

  [`apps/web/src/features/${name}/README.md`]: `# ${title}

What this feature shows and does, the spec sections it follows, and its routes (\`app/route-table.ts\`).
Shape: docs/module-template.md. It imports no other feature: shared endpoints live in \`entities/\`, pages that show
several features are composed in \`app/routes/\`.
`,

  [`apps/web/src/features/${name}/api/get-${name}.ts`]: `import { queryOptions, useQuery } from '@tanstack/react-query';
import { ${CONST}_PATH, ${M}Schema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export const ${c}Keys = { all: ['${name}'] as const };

export const ${c}QueryOptions = () =>
  queryOptions({
    queryKey: ${c}Keys.all,
    queryFn: ({ signal }) => apiRequest(${CONST}_PATH, { schema: ${M}Schema, signal }),
  });

export function use${M}() {
  return useQuery(${c}QueryOptions());
}
`,

  [`apps/web/src/features/${name}/components/${name}-page.tsx`]: `import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE } from '../../../components/ui/form-styles';
import { Spinner } from '../../../components/ui/spinner';
import { use${M} } from '../api/get-${name}';

/** ${title}'s page (route-table.ts: \`screen: lazyScreen(() => import('../features/${name}/components/${name}-page'))\`). */
export function ${M}Page() {
  const intl = useIntl();
  const query = use${M}();
  return (
    <main className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: '${c}.title' })}</h1>
      {query.data ? <p>{query.data.accountNumber}</p> : <Spinner className="min-h-40" />}
    </main>
  );
}
`,
};

const created = [];
for (const path of Object.keys(files)) {
  const target = join(root, path);
  if (existsSync(target)) {
    console.error(`new:module: ${path} exists; nothing was written`);
    process.exit(1);
  }
}
if (existsSync(join(root, 'apps/web/src/messages', name))) {
  console.error(`new:module: apps/web/src/messages/${name} exists; nothing was written`);
  process.exit(1);
}
for (const [path, text] of Object.entries(files)) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  created.push(path);
}

// The shared barrel exports the schema file (its lines in order, as Biome keeps them).
const barrel = join(root, 'packages/shared/src/index.ts');
const exports = [...readFileSync(barrel, 'utf8').trim().split('\n'), `export * from './schemas/${name}';`].sort();
writeFileSync(barrel, `${exports.join('\n')}\n`);

// The feature's own message catalog, in both languages (messages/<name>/en.json, es.json: the parity test fails on
// a key in one only), gathered by messages/en.ts and es.ts. The Spanish text is the English one until it is
// translated: messages/catalogs.test.ts ("no English left") fails until then.
for (const locale of ['en', 'es']) {
  const catalog = join(root, `apps/web/src/messages/${name}/${locale}.json`);
  mkdirSync(dirname(catalog), { recursive: true });
  writeFileSync(catalog, `${JSON.stringify({ [`${c}.title`]: title }, null, 2)}\n`);
  created.push(`apps/web/src/messages/${name}/${locale}.json`);
  const gatherer = join(root, `apps/web/src/messages/${locale}.ts`);
  const lines = readFileSync(gatherer, 'utf8').split('\n');
  const imports = [
    ...lines.filter((line) => line.startsWith('import ')),
    `import ${c} from './${name}/${locale}.json';`,
  ];
  const sourceOf = (line) => /from '([^']+)'/.exec(line)?.[1] ?? '';
  imports.sort((a, b) => (sourceOf(a) < sourceOf(b) ? -1 : sourceOf(a) > sourceOf(b) ? 1 : 0));
  const rest = lines.filter((line) => !line.startsWith('import ')).join('\n');
  // the object that spreads the catalogs: one more, on one line when it fits in 120 columns (Biome's layout)
  const spread = /^(export default |const \w+(?:: \w+)? = )\{([^}]*)\};$/m;
  const match = spread.exec(rest);
  if (!match) throw new Error(`new:module: no catalog object in messages/${locale}.ts`);
  const names = [
    ...match[2]
      .split(',')
      .map((part) => part.trim().replace(/^\.\.\./, ''))
      .filter(Boolean),
    c,
  ];
  const oneLine = `${match[1]}{ ${names.map((n) => `...${n}`).join(', ')} };`;
  const object = oneLine.length <= 120 ? oneLine : `${match[1]}{\n${names.map((n) => `  ...${n},\n`).join('')}};`;
  writeFileSync(gatherer, `${imports.join('\n')}\n${rest.replace(spread, object)}`);
}

console.log(`new:module ${name}: created\n${created.map((path) => `  ${path}`).join('\n')}
  + packages/shared/src/index.ts exports ./schemas/${name}
  + messages/en.ts and es.ts gather messages/${name}/: ${c}.title (translate the Spanish one: the catalog test fails until then)

Left to wire (docs/module-template.md):
  1. apps/server/src/app.ts: \`const ${c} = create${M}Service({ db, clock, repo: create${M}Repository(), audit })\` in
     createServices (return it; accounts: account), and \`await app.register(${c}Routes)\` with the other modules
  2. apps/server/src/security/authorization.int.test.ts: the route's expected answer per role
  3. apps/web/src/app/route-table.ts: the page's entry, and route-table.test.ts its expected outcome
  4. then: npm run typecheck && npm test`);
