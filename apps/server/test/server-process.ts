import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/config';
import { devControlTokenPath } from '../src/plugins/dev-control';
import { freePort } from './ports';

export type ServerProcess = {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Polls `/readyz` until it answers 200; throws with the process's output after `timeoutMs`. */
  waitReady: (timeoutMs?: number) => Promise<void>;
  /** `Bearer <token>`: the local operator's token for the dev controls, which the process wrote at start. */
  devControlAuthorization: () => string;
  /** Sends the signal (if still running) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * The real server (`src/main.ts`, through tsx) as a child process, the way `npm start` runs it: background work,
 * signal handling and the database of `DATA_DIR` (PGlite on disk) or `DATABASE_URL` (PostgreSQL). `env` is added to
 * the test's environment; a port is chosen unless `PORT` is given.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../src/main.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PORTAL_ENV: 'dev',
      PUBLIC_URL: origin,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

  const waitReady = async (timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    const gone = child.exitCode !== null || child.signalCode !== null;
    // what it wrote last may still be in the pipes when it exits
    if (gone) await new Promise((done) => setTimeout(done, 500));
    const how = gone ? `exited (code ${child.exitCode}, signal ${child.signalCode})` : 'did not become ready';
    throw new Error(`the server on ${origin} ${how}:\n${output.slice(-6000)}`);
  };

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const devControlAuthorization = () => {
    const dataDir = env.DATA_DIR ?? process.env.DATA_DIR ?? loadConfig({}).dataDir;
    return `Bearer ${readFileSync(devControlTokenPath({ dataDir, port }), 'utf8').trim()}`;
  };

  return { port, origin, child, output: () => output, exited, waitReady, stop, devControlAuthorization };
}
