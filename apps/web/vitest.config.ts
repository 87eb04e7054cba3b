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
  },
});
