import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
// Relative, not '@vireo/shared': Vite loads this file with Node, which cannot import the package's TypeScript entry.
import { DOCUMENT_TITLE, LOCALES } from '../../packages/shared/src/constants.ts';
import { messageSlices } from './build/message-slices.ts';

/** The API server in development (`npm run dev -w @vireo/server` listens on 3000). */
const API_ORIGIN = process.env.VIREO_API_ORIGIN ?? 'http://localhost:3000';
const PROXIED_PATHS = ['/api', '/healthz', '/readyz', '/metrics'] as const;

// The Host header is kept (no changeOrigin) so that the server detects `dev` from `localhost` (spec §9).
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  PROXIED_PATHS.map((path) => [path, { target: API_ORIGIN, xfwd: true }]),
);

/** index.html gets the business title at build time; the shell then sets the server's per-variant title. */
function documentTitle(): Plugin {
  return {
    name: 'vireo-document-title',
    transformIndexHtml: (html) => html.replace('%VIREO_DOCUMENT_TITLE%', DOCUMENT_TITLE.business),
  };
}

/** A catalog file: the core one or a feature's (src/messages/<catalog>/<language>.json). */
const CATALOG_ID = /\/src\/messages\/[a-z-]+\/[a-z]{2}\.json$/;
const MESSAGES_DIR = fileURLToPath(new URL('./src/messages/', import.meta.url));

/** A language's catalog: src/messages/<language>.ts gathers the core catalog and each feature's. */
function catalogOf(locale: string) {
  const folders = readdirSync(MESSAGES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return {
    module: join(MESSAGES_DIR, `${locale}.ts`),
    files: folders.map((folder) => join(MESSAGES_DIR, folder.name, `${locale}.json`)),
  };
}

/**
 * Compiles the ICU catalogs to message ASTs (architecture.md: catalogs are compiled). The browser then skips
 * parsing, and the ICU parser is left out of the bundle through the `no-parser` alias below. A syntax error in a
 * message fails the build. Unit tests (vitest.config.ts) use the plain catalogs and the parser.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'vireo-compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_ID.test(id)) return null;
      const messages: Record<string, string> = JSON.parse(code);
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** zod's JSON Schema generator (`schema.toJSONSchema()`, `z.toJSONSchema`): the server's OpenAPI needs it, the web never. */
const ZOD_JSON_SCHEMA = /\/node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;

/**
 * zod's classic schemas attach JSON Schema methods to every schema, so its generator (~9 kB gzipped) cannot be
 * tree-shaken. The web never generates JSON Schema: in the build each of those modules becomes stubs of the same
 * exports that throw if called. Validation (`safeParse`, `parse`) does not touch them.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'vireo-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const declared = [...source.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((match) => match[1]);
      const listed = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) =>
        (match[1] ?? '').split(',').map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        ),
      );
      const names = new Set([...declared, ...listed].filter((name): name is string => Boolean(name)));
      const stub = 'function unsupported() { throw new Error("JSON Schema generation is not in the web build"); }';
      const exports = [...names].map((name) =>
        name.startsWith('create') ? `export const ${name} = () => unsupported;` : `export const ${name} = unsupported;`,
      );
      return [stub, ...exports].join('\n');
    },
  };
}

/** Where the build's manifest goes: outside dist/, which the server serves whole (scripts/bundle-budgets.mjs reads it). */
const MANIFEST_PATH = fileURLToPath(new URL('../../node_modules/.cache/vireo-web/manifest.json', import.meta.url));

/**
 * Vite's manifest (which chunk each source module is in, and what each chunk imports) is what the bundle budgets
 * measure per route; it is moved out of dist/ so that it is not published with the app.
 */
function manifestOutsideDist(): Plugin {
  let outDir = '';
  return {
    name: 'vireo-manifest-outside-dist',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      mkdirSync(dirname(MANIFEST_PATH), { recursive: true });
      renameSync(join(outDir, '.vite/manifest.json'), MANIFEST_PATH);
      rmdirSync(join(outDir, '.vite'));
    },
  };
}

/**
 * Brotli and gzip twins of every text file of the build (`x.js.br`, `x.js.gz`), compressed once at build time at the
 * highest levels; the server sends the one the browser accepts (`@fastify/static` `preCompressed`, plugins/spa.ts).
 * On the mobile lab profile (1.6 Mbps) the framework chunk alone is ~3 s uncompressed (docs/performance.md).
 */
function precompressed(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  return {
    name: 'vireo-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of files(outDir).filter((f) => /\.(js|css|json|html|svg|txt|map)$/.test(f))) {
          const source = readFileSync(file);
          if (source.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // react-aria's own strings (a dialog's hidden "Dismiss", …) in the portal's languages only, not its 34 (ADR 022)
    optimizeLocales.vite({ locales: [...LOCALES] }),
    compiledCatalogs(),
    zodWithoutJsonSchema(),
    react(),
    tailwindcss(),
    documentTitle(),
    manifestOutsideDist(),
    precompressed(),
    messageSlices({
      root: fileURLToPath(new URL('.', import.meta.url)),
      catalogs: { en: catalogOf('en'), es: catalogOf('es') },
      runtime: fileURLToPath(new URL('./src/messages/slices.ts', import.meta.url)),
      report: fileURLToPath(new URL('../../node_modules/.cache/vireo-web/message-slices.json', import.meta.url)),
    }),
  ],
  resolve: {
    alias: [
      // zod's classic API on zod/mini (src/lib/zod-lite.ts); the unit tests resolve it the same way.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-lite.ts', import.meta.url)) },
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    // The style guide, the mailbox and the analytics viewer (/dev/ui, /dev/mailbox, /dev/analytics, never loaded in
    // production) preload nothing when their chunk is imported: their lists of chunks would otherwise ship in the entry
    // chunk, which every page loads; each chunk imports them itself.
    modulePreload: {
      // Every browser of Vite's default target (Chrome 111, Edge 111, Firefox 114, Safari 16.4) but Safari 16.x
      // preloads modules natively; there, a lazy chunk's imports load as the chunk runs (one round trip later) instead
      // of the polyfill being in the entry chunk that every page downloads (ADR 012 amendment, issue 20).
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /(^|\/)(style-guide|mailbox|analytics-viewer)-page-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Seven hash characters (the fewest Rolldown takes for this many chunks) instead of eight: the entry
        // chunk names every lazily loaded chunk (~120 names, whose hashes do not compress), ~0.2 kB on every page.
        // A lazy chunk is its hash alone (the manifest maps each module to its file): the entry's preload map of
        // ~130 names lost their words, ~0.6 kB on every page; the non-production tools' pages keep their names
        // (resolveDependencies above knows them by it).
        chunkFileNames: (chunk) =>
          /^(style-guide|mailbox|analytics-viewer)-page$/.test(chunk.name)
            ? 'assets/[name]-[hash:7].js'
            : 'assets/[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        // The libraries every page runs, as one chunk: a dozen small shared chunks compressed worse (~2.5 kB more).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // …but TanStack Query's infinite queries, which only lazy pages use (the mailbox, the support tickets, the
              // speed tests' history): in the framework chunk they would cost every page ~0.3 kB; left out, they go with
              // those pages. The same for the router's useBlocker, which only self-install's leave-page warning uses
              // (~0.45 kB). With zod's wrapper (src/lib/zod-lite.ts): left in the entry chunk, Rolldown split it and
              // the schemas next to it into a chunk of their own once the analytics client (loaded after the page,
              // src/lib/analytics/start.ts) used them too, ~1 kB more on every page.
              test: /node_modules\/(react|react-dom|scheduler|@tanstack|react-intl|@formatjs|intl-messageformat|zod|use-sync-external-store)\/(?!.*\/(useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions|useBlocker)\.js$)|\/apps\/web\/src\/lib\/zod-lite\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // @vireo/shared declares constants, schemas and rules only (no module-level effects), but its package.json
        // does not say so; without this, importing one name from its barrel keeps every schema in the entry chunk.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
        // zod's builders (`z.object(…)`, `z.string().max(…)`) only build schemas: a schema nothing in the web parses
        // with (a request body the server checks) is dropped instead of built at load (no z.config or registries here).
        manualPureFunctions: ['z', 'freeText'],
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
