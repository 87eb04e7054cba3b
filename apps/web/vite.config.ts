import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
// Relative, not '@vireo/shared': Vite loads this file with Node, which cannot import the package's TypeScript entry.
import { DOCUMENT_TITLE } from '../../packages/shared/src/constants.ts';

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

const CATALOG_ID = /\/src\/messages\/[a-z]{2}\.json$/;

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [compiledCatalogs(), react(), tailwindcss(), documentTitle()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: { proxy },
  preview: { proxy },
});
