import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { COOKIES, CSRF_HEADER, CSRF_PATH } from '@vireo/shared';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { CLOCK_PATH } from '../modules/clock/clock.routes';
import { createBillingClock, parseDuration } from '../platform/clock';
import { devControlTokenPath } from '../plugins/dev-control';

/**
 * `npm run clock -- show | advance 3d | reset`: moves the billing clock. Talks to the running portal when there is
 * one (the embedded database belongs to it) as its local operator, with the token it wrote into the data directory
 * (plugins/dev-control.ts: the dev controls answer no anonymous caller), else changes the database directly. The
 * offset survives restarts.
 */
const [command = 'show', amount] = process.argv.slice(2);
const config = loadConfig();

function body(): Record<string, unknown> | null {
  if (command === 'show') return null;
  if (command === 'reset') return { reset: true };
  if (command === 'advance' && amount && parseDuration(amount) !== null) return { advance: amount };
  throw new Error('usage: npm run clock -- show | advance <duration, e.g. 3d, 12h, 1d12h, -1d> | reset');
}

/**
 * The running portal's operator token (plugins/dev-control.ts): readable only by the user the portal runs as. No
 * token file: no portal of this checkout is running on this port (the database is changed directly).
 */
function operatorToken(): string | null {
  try {
    return readFileSync(devControlTokenPath(config, process.env.INIT_CWD ?? process.cwd()), 'utf8').trim();
  } catch {
    return null;
  }
}

async function viaServer(payload: Record<string, unknown> | null, token: string) {
  const base = `http://127.0.0.1:${config.port}`;
  let headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload) {
    // state-changing calls carry the anti-forgery token, like any client of the portal
    const { csrfToken } = (await (await fetch(`${base}${CSRF_PATH}`)).json()) as { csrfToken: string };
    headers = {
      ...headers,
      'content-type': 'application/json',
      [CSRF_HEADER]: csrfToken,
      cookie: `${COOKIES.csrf}=${csrfToken}`,
    };
  }
  const response = await fetch(`${base}${CLOCK_PATH}`, {
    method: payload ? 'POST' : 'GET',
    headers,
    body: payload ? JSON.stringify(payload) : undefined,
  });
  if (!response.ok) throw new Error(`the portal answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { now: string; offsetMs: number };
}

async function viaDatabase(payload: Record<string, unknown> | null) {
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({ dataDir: resolve(process.env.INIT_CWD ?? process.cwd(), config.dataDir) });
  try {
    await database.migrate();
    const clock = await createBillingClock(database.db);
    if (payload?.reset) await clock.reset();
    else if (typeof payload?.advance === 'string') await clock.advance(parseDuration(payload.advance) as number);
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
  } finally {
    await database.close();
  }
}

async function run() {
  const payload = body();
  const token = operatorToken();
  let state: { now: string; offsetMs: number } | null = null;
  if (token) {
    try {
      state = await viaServer(payload, token);
    } catch (error) {
      const refused = error instanceof TypeError; // fetch failed: the portal that wrote the token is gone
      if (!refused) throw error;
    }
  }
  state ??= await viaDatabase(payload);
  const days = (state.offsetMs / 86_400_000).toFixed(2);
  console.log(`billing clock: ${state.now} (offset ${state.offsetMs} ms = ${days} days)`);
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
