import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COOKIES,
  CSRF_HEADER,
  SPEED_TEST_DOWNLOAD_PATH,
  SPEED_TEST_PING_PATH,
  SPEED_TEST_RESULTS_PATH,
  SPEED_TEST_UPLOAD_PATH,
  SpeedTestHistorySchema,
  SpeedTestPingSchema,
  type SpeedTestResult,
  type SpeedTestResultRequest,
  SpeedTestResultSchema,
} from '@vireo/shared';
import { apiRequest, reportSessionFailure, toAppError } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { withQuery } from '../../../lib/with-query';
import type { SpeedTestIo } from '../utils/measure';

export type { SpeedTestResult };

const speedTestKeys = { history: () => ['speed-test', 'history'] as const };

/** 1 MiB of random bytes, made once: an upload is runs of it (nothing on the way can shrink it). */
let noise: Uint8Array<ArrayBuffer> | null = null;
function noiseBlob(bytes: number): Blob {
  if (!noise) {
    noise = new Uint8Array(1024 * 1024);
    for (let at = 0; at < noise.length; at += 65_536) crypto.getRandomValues(noise.subarray(at, at + 65_536));
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let left = bytes; left > 0; left -= noise.length)
    parts.push(left >= noise.length ? noise : noise.slice(0, left));
  return new Blob(parts, { type: 'application/octet-stream' });
}

/** The portal's own endpoints as the measurement uses them (never a third party's). */
export const speedTestIo: SpeedTestIo = {
  async download(bytes, signal, onBytes) {
    const path = withQuery(SPEED_TEST_DOWNLOAD_PATH, { bytes });
    const response = await fetch(path, { credentials: 'include', cache: 'no-store', signal });
    if (!response.ok || !response.body) {
      const error = await toAppError(response, 'GET', path);
      reportSessionFailure(error);
      throw error;
    }
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes(value.byteLength);
    }
  },
  // XMLHttpRequest, not fetch: its upload progress counts the bytes as they leave, so a phase that ends mid-request
  // still counts what was sent (LibreSpeed does the same)
  upload(bytes, signal, onBytes) {
    return new Promise<void>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let sent = 0;
      const count = (loaded: number) => {
        if (loaded > sent) onBytes(loaded - sent);
        sent = Math.max(sent, loaded);
      };
      xhr.open('POST', SPEED_TEST_UPLOAD_PATH);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader(CSRF_HEADER, readCookie(COOKIES.csrf) ?? '');
      xhr.upload.onprogress = (event) => count(event.loaded);
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          count(bytes);
          resolve();
          return;
        }
        // the error model read as every other request's (a 401 tells the app the session ended)
        const answer = new Response(xhr.responseText, { status: xhr.status });
        void toAppError(answer, 'POST', SPEED_TEST_UPLOAD_PATH).then((error) => {
          reportSessionFailure(error);
          reject(error);
        });
      };
      xhr.onerror = () => reject(new TypeError('the upload failed'));
      xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      if (signal.aborted) xhr.abort();
      else xhr.send(noiseBlob(bytes));
    });
  },
  async ping(signal) {
    await apiRequest(SPEED_TEST_PING_PATH, { schema: SpeedTestPingSchema, signal });
  },
  now: () => performance.now(),
};

/** Saves a finished test's figures; the server adds the plan and the verdict. */
export function useSaveSpeedTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (figures: SpeedTestResultRequest) =>
      apiRequest(SPEED_TEST_RESULTS_PATH, { method: 'POST', body: figures, schema: SpeedTestResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: speedTestKeys.history() }),
  });
}

/** The user's tests, newest first, a page at a time. */
export function useSpeedTestHistory() {
  return useInfiniteQuery({
    queryKey: speedTestKeys.history(),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(withQuery(SPEED_TEST_RESULTS_PATH, { cursor: pageParam }), { schema: SpeedTestHistorySchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
