import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // As in the build (vite.config.ts): the browser's zod is zod/mini behind the classic API the schemas use.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-lite.ts', import.meta.url)) }],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Other CSS is skipped in unit tests; the token test reads the stylesheet's text.
    css: { include: [/\/src\/styles\.css\?raw$/] },
    restoreMocks: true,
    unstubGlobals: true,
    // Many web tests render the whole app and walk a flow through several steps, running axe at each: 1-3 s on a
    // quiet machine, beyond Vitest's 5 s default when CI shares two cores with the server suites (four a11y tests
    // timed out so). As on the server projects; speed is measured by `npm run bench`, not by test timeouts.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
