// Bundles the server into dist/main.js (workspace code inlined, npm dependencies left external) and copies the
// SQL migrations and the help articles beside it, so `node apps/server/dist/main.js` runs without TypeScript tooling.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vireo/'));

rmSync(resolve(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [resolve(here, 'src/main.ts')],
  outfile: resolve(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(resolve(here, 'src/db/migrations'), resolve(here, 'dist/migrations'), { recursive: true });
// the help articles (modules/support/article-files.ts reads them beside the code)
cpSync(resolve(here, 'src/modules/support/articles'), resolve(here, 'dist/articles'), { recursive: true });
console.log('server built: apps/server/dist/main.js');
