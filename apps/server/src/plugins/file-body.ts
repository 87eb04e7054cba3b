import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A file's bytes as a route takes them: `application/octet-stream` (binary in the API's document); none at all is an
 * empty file, which the route's own check refuses with its reason. Server-only: the web sends a `Blob`.
 */
export const FileBodySchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'the file’s bytes')
  .meta({ type: 'string', format: 'binary' })
  .nullish();

/**
 * Makes a route scope take files: the bytes as they are and nothing else (JSON included: 415), one byte past
 * `maxBytes` refused (413) before the rest is read. The support attachments (issue 21) and the residents file (issue 22).
 */
export function acceptFileBody(scope: FastifyInstance, maxBytes: number) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
}
