import type { SupportLogLine } from '@vireo/shared';

/** How many of the last request log lines a non-production portal keeps for `/dev/analytics` (issue 23 item 4). */
export const RECENT_LOG_LINES = 5_000;

const LEVELS: Record<number, SupportLogLine['level']> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** A field of a parsed line, if it is of the type asked for. */
function pick<T extends 'string' | 'number'>(value: unknown, type: T): (T extends 'string' ? string : number) | null {
  return typeof value === type ? (value as T extends 'string' ? string : number) : null;
}

/**
 * Issue 23 item 4 (wider-portal.md §11: the support code finds the log lines of its moment), outside production only:
 * the last RECENT_LOG_LINES lines that carry a support code (every line a request writes: app.ts binds it), as written
 * (card numbers masked, secrets redacted: they come after pino's own hooks), in a ring. Production's lines go to its
 * log platform, where the `supportCode` field finds them the same way (docs/analytics.md).
 */
export function createRecentLogLines(capacity = RECENT_LOG_LINES) {
  const lines: string[] = [];
  let next = 0;
  return {
    keep(line: string) {
      if (!line.includes('"supportCode":"')) return;
      if (lines.length < capacity) lines.push(line);
      else {
        lines[next] = line;
        next = (next + 1) % capacity;
      }
    },

    /** The kept lines of a support code, oldest first, at most `max`, as the viewer shows them. */
    find(supportCode: string, max: number): SupportLogLine[] {
      const needle = `"supportCode":"${supportCode}"`;
      const ordered = [...lines.slice(next), ...lines.slice(0, next)];
      const found: SupportLogLine[] = [];
      for (const line of ordered) {
        if (found.length === max) break;
        if (!line.includes(needle)) continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        const req = (parsed.req ?? {}) as Record<string, unknown>;
        const res = (parsed.res ?? {}) as Record<string, unknown>;
        const time = pick(parsed.time, 'number');
        found.push({
          time: new Date(time ?? 0).toISOString(),
          level: LEVELS[pick(parsed.level, 'number') ?? 30] ?? 'info',
          message: pick(parsed.msg, 'string') ?? '',
          requestId: pick(parsed.requestId, 'string'),
          method: pick(req.method, 'string'),
          url: pick(req.url, 'string'),
          statusCode: pick(res.statusCode, 'number'),
          responseTimeMs: pick(parsed.responseTime, 'number'),
          code: pick(parsed.code, 'string'),
        });
      }
      return found;
    },
  };
}

export type RecentLogLines = ReturnType<typeof createRecentLogLines>;
