import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CARD_DATA_FIELDS } from '@vireo/shared';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request id from `x-request-id` when it is a sane token, else a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}

/** spec §7.3: the trace id comes from `x-trace-id`, `transactionId` or `txnId`. */
export function traceIdFor(request: IncomingMessage): string | undefined {
  for (const name of ['x-trace-id', 'transactionid', 'txnid']) {
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
