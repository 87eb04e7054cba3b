import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CARD_DATA_FIELDS, maskCardNumbers, TRACE_HEADER } from '@vireo/shared';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request id from `x-request-id` when it is a sane token, else a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}

/** spec §7.3: the trace id comes from `x-trace-id`, `transactionId` or `txnId`. */
export function traceIdFor(request: IncomingMessage): string | undefined {
  for (const name of [TRACE_HEADER, 'transactionid', 'txnid']) {
    const value = request.headers[name];
    if (typeof value === 'string' && SAFE_ID.test(value)) return value;
  }
  return undefined;
}

/**
 * Log paths that must never reach a log line (architecture.md, card data; sessions). Request bodies are not logged
 * (Fastify's request serializer has none); an object logged by hand still loses every card-data field
 * (CARD_DATA_FIELDS), at the top and one level down.
 */
export const REDACTED_LOG_PATHS = [
  ...new Set([
    ...CARD_DATA_FIELDS.flatMap((field) => [field, `*.${field}`]),
    'req.body',
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-csrf-token"]',
    'res.headers["set-cookie"]',
    '*.password',
    '*.cardNumber',
    '*.securityCode',
    '*.cvv',
    '*.bankAccountNumber',
    '*.accountNumberFull',
    '*.token',
  ]),
];

/** Separators a URL carries in place of a space or a dash: `+`, `%20`, `%2D`. */
const URL_SEPARATORS = /\+|%20|%2d/gi;
const HAS_URL_SEPARATOR = /\+|%20|%2d/i;

/** A string of a log line with its card-number-shaped runs masked, also those written with URL-encoded separators. */
function maskLogString(text: string): string {
  const masked = maskCardNumbers(text);
  if (!HAS_URL_SEPARATOR.test(masked)) return masked;
  const spaced = masked.replace(URL_SEPARATORS, (separator) => (separator.toLowerCase() === '%2d' ? '-' : ' '));
  const again = maskCardNumbers(spaced);
  return again === spaced ? masked : again;
}

/**
 * issue 14 item 7 (architecture.md, card data): the last step before a log line is written (pino's `streamWrite`
 * hook), so it covers every line whatever wrote it: each JSON string of the line (the request URL, messages, any
 * field, at any depth) has its card-number-shaped runs masked (`maskCardNumbers` of packages/shared). Numbers and
 * the line's structure are left as they are: the mask has no quote or backslash, so the line stays JSON.
 */
export function maskCardNumbersInLogLine(line: string): string {
  let out = '';
  let from = 0;
  for (let i = line.indexOf('"'); i !== -1 && i < line.length; i = line.indexOf('"', i + 1)) {
    let end = i + 1;
    while (end < line.length && line.charCodeAt(end) !== 0x22) end += line.charCodeAt(end) === 0x5c ? 2 : 1;
    const text = line.slice(i + 1, end);
    const masked = maskLogString(text);
    if (masked !== text) {
      out += line.slice(from, i + 1) + masked;
      from = end;
    }
    i = end;
  }
  return from === 0 ? line : out + line.slice(from);
}
