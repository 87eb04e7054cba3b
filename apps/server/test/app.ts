import { Writable } from 'node:stream';
import { COOKIES, CSRF_HEADER, CSRF_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Clock } from '../src/platform/clock';
import { fixedClock } from '../src/platform/clock';
import type { TestDatabase } from './database';

/** Every log line the app wrote, parsed, for assertions about what reaches the logs. */
export type LogCapture = { lines: Record<string, unknown>[]; text(): string };

export function captureLogs(): { stream: Writable; capture: LogCapture } {
  const lines: Record<string, unknown>[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { stream, capture: { lines, text: () => raw } };
}

export async function buildTestApp(
  database: TestDatabase,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    configure?: (config: Config) => Config;
    devControlToken?: string;
    /**
     * `discard`: the app logs as always, into nothing. For a suite that sends hundreds of thousands of requests and
     * reads no log (the fuzzing at 1,000 runs a route): captured, its logs passed V8's longest string and the log
     * stream's error became a request's 500.
     */
    logs?: 'capture' | 'discard';
  } = {},
) {
  const config = loadConfig({ PORTAL_ENV: 'dev', LOG_LEVEL: 'info', ...options.env });
  const { stream, capture } =
    options.logs === 'discard'
      ? {
          stream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
          capture: { lines: [], text: () => '' },
        }
      : captureLogs();
  const app = await buildApp({
    config: options.configure ? options.configure(config) : config,
    database,
    clock: options.clock ?? fixedClock('2026-11-21T15:00:00Z'),
    logStream: stream,
    devControlToken: options.devControlToken ?? TEST_DEV_CONTROL_TOKEN,
  });
  return { app, logs: capture };
}

/** The local operator's token of every test app (plugins/dev-control.ts; main.ts writes a random one to a file). */
export const TEST_DEV_CONTROL_TOKEN = 'test-dev-control-token-0123456789abcdef';

/** Headers of the local operator using the dev controls without a session: its token and an anonymous CSRF pair. */
export async function devControlHeaders(app: { inject: FastifyInstance['inject'] }) {
  return { authorization: `Bearer ${TEST_DEV_CONTROL_TOKEN}`, ...(await anonymousCsrf(app)) };
}

/** Headers that pass the anti-forgery checks for a caller without a session (the token cookie and its echo). */
export async function anonymousCsrf(app: { inject: FastifyInstance['inject'] }) {
  const response = await app.inject(CSRF_PATH);
  const { csrfToken } = response.json() as { csrfToken: string };
  return { cookie: `${COOKIES.csrf}=${csrfToken}`, [CSRF_HEADER]: csrfToken };
}

/** Production refuses to start without configured secrets: these stand in for them in tests. */
export const PROD_SECRETS = {
  COOKIE_SECRETS: 'test-cookie-secret-0123456789abcdef',
  OIDC_CLIENT_SECRET: 'test-client-secret-0123456789abcdef',
  VAULT_KEY: 'test:dGVzdC12YXVsdC1rZXktMDEyMzQ1Njc4OWFiY2RlZiE',
  OIDC_JWKS: JSON.stringify(
    (await import('../src/modules/identity/secrets')).loadIdentitySecrets(
      (await import('../src/config')).loadConfig({ PORTAL_ENV: 'dev' }),
    ).jwks,
  ),
};
