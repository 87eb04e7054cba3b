import { AppError, MAX_JSON_DEPTH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How deep `text` nests objects and arrays, counted without parsing (brackets inside strings do not count) and
 * without recursion; stops as soon as `limit` is passed. Malformed text is left for the parser to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON request bodies (issue 14 item 5): Fastify's own parser (secure-json-parse: `__proto__` and `constructor`
 * refused), behind a nesting limit checked on the text first, so nothing (the parser, the NUL and card-data checks,
 * validation) ever walks a body deeper than MAX_JSON_DEPTH; deeper is 400 VALIDATION_FAILED in the error model.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        done(
          new AppError('VALIDATION_FAILED', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`, {
            fields: [{ path: 'body', code: 'too_deep' }],
          }),
          undefined,
        );
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
