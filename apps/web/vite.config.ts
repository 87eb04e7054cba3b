import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
// Relative, not '@vireo/shared': Vite loads this file with Node, which cannot import the package's TypeScript entry.
import { DOCUMENT_TITLE } from '../../packages/shared/src/constants';

/** The API server in development (`npm run dev -w @vireo/server` listens on 3000). */
const API_ORIGIN = process.env.VIREO_API_ORIGIN ?? 'http://localhost:3000';
const PROXIED_PATHS = ['/api', '/healthz', '/readyz', '/metrics'] as const;

// The Host header is kept (no changeOrigin) so the server detects `dev` from `localhost` (spec §9).
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  PROXIED_PATHS.map((path) => [path, { target: API_ORIGIN, xfwd: true }]),
);

/** index.html gets the business title at build time; the shell replaces it with the server's per-variant title. */
function documentTitle(): Plugin {
  return {
    name: 'vireo-document-title',
    transformIndexHtml: (html) => html.replace('%VIREO_DOCUMENT_TITLE%', DOCUMENT_TITLE.business),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), documentTitle()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: { proxy },
  preview: { proxy },
});
