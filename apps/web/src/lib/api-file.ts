import { AppError } from '@vireo/shared';
import { isAbortError, reportSessionFailure, toAppError } from './api-client';
import { getCurrentLocale } from './locale';

// Its own module, apart from api-client.ts (in the entry chunk): only the pages that download a file load it.

/**
 * GETs a file (PDF, CSV) as a Blob, with the same headers and error handling as `apiRequest`. Files are fetched
 * rather than linked so that a failure shows in the page (spec §8 "Statement unable to download") instead of the
 * browser saving an error page as the file.
 */
export async function apiFileRequest(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers = new Headers({ Accept: '*/*', 'Accept-Language': getCurrentLocale() });
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', `GET ${path}: network failure`, { cause: error });
  }
  if (!response.ok) {
    const error = await toAppError(response, 'GET', path);
    reportSessionFailure(error);
    throw error;
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', `GET ${path}: the file did not arrive`, { cause: error });
  }
  if (blob.size === 0) throw new AppError('INTERNAL', `GET ${path}: empty file`);
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
}

/** `filename*=UTF-8''x.pdf` (preferred) or `filename="x.pdf"` of a Content-Disposition header. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      const name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // a malformed escape: use the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}
