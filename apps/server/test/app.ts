import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Clock } from '../src/modules/clock/clock';
import { fixedClock } from '../src/modules/clock/clock';
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
  options: { env?: Record<string, string>; clock?: Clock; configure?: (config: Config) => Config } = {},
) {
  const config = loadConfig({ PORTAL_ENV: 'dev', LOG_LEVEL: 'info', ...options.env });
  const { stream, capture } = captureLogs();
  const app = await buildApp({
    config: options.configure ? options.configure(config) : config,
    database,
    clock: options.clock ?? fixedClock('2026-11-21T15:00:00Z'),
    logStream: stream,
  });
  return { app, logs: capture };
}
