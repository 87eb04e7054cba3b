// The built portal for the browser benches (page-metrics.mjs, waterfall.mjs): started as e2e/playwright.config.ts's
// webServer does, on a fresh database in a temporary directory, on a free port.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The bench could not run (as opposed to a bug in it): its message is all the reader needs. */
export class BenchError extends Error {}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `apps/server/dist/main.js` with the web build of `webDistDir`; resolves with `{ origin, stop }` once
 * `/readyz` answers 200. `log` gets progress lines.
 */
export async function startPortal({ webDistDir = 'apps/web/dist', log = () => {} } = {}) {
  const missing = ['apps/server/dist/main.js', join(webDistDir, 'index.html')].filter(
    (file) => !existsSync(join(repoRoot, file)),
  );
  if (missing.length > 0) {
    throw new BenchError(`the production build is missing (${missing.join(', ')}): run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vireo-bench-portal-'));
  const origin = `http://localhost:${port}`;
  const output = [];
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      WEB_DIST_DIR: webDistDir,
      PORTAL_ENV: 'dev',
      // The sign-in cookies and the embedded issuer are tied to PUBLIC_URL: the browser uses exactly this origin.
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      // As the browser suite: every sign-in comes from 127.0.0.1.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(...String(chunk).split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  log(`Starting the portal on ${origin} (data in ${dataDir}); seeding takes a few seconds…`);
  const started = Date.now();
  try {
    while (Date.now() - started < 120_000) {
      if (exited) {
        throw new BenchError(
          `the portal exited during start-up (${exited.code ?? exited.signal}):\n${output.join('\n')}`,
        );
      }
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status === 200,
        () => false, // not listening yet
      );
      if (ready) {
        log(`Portal ready after ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        return { origin, stop };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new BenchError(`the portal was not ready (/readyz) after 120 s:\n${output.join('\n')}`);
  } catch (error) {
    await stop();
    throw error;
  }
}
