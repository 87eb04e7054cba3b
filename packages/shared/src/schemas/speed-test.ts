import { z } from 'zod';
import { SPEED_VERDICTS } from '../rules/speed-test';

/**
 * The speed test (issue 21 item 7, wider-portal.md §9), measured against the portal's own server and never a third
 * party: incompressible bytes to download, an upload that is counted and discarded, a ping; then the figures saved
 * with their verdict, and the user's history.
 */
export const SPEED_TEST_DOWNLOAD_PATH = '/api/pub/speedtest/v1/download';
export const SPEED_TEST_UPLOAD_PATH = '/api/pub/speedtest/v1/upload';
export const SPEED_TEST_PING_PATH = '/api/pub/speedtest/v1/ping';
export const SPEED_TEST_RESULTS_PATH = '/api/pub/speedtest/v1/results';

/** The most bytes one download or upload request moves. */
export const SPEED_TEST_MAX_BYTES = 8 * 1024 * 1024;
/** Download, upload and ping requests per user in SPEED_TEST_WINDOW_MS (a test makes about 60). */
export const SPEED_TEST_REQUESTS_PER_WINDOW = 300;
export const SPEED_TEST_WINDOW_MS = 10 * 60_000;
/** Results saved per user per hour. */
export const SPEED_TESTS_PER_HOUR = 12;
export const SPEED_TESTS_PAGE = 10;

export const SpeedTestDownloadQuerySchema = z.strictObject({
  bytes: z.coerce.number().int().min(1).max(SPEED_TEST_MAX_BYTES),
});

export const SpeedTestPingSchema = z.object({ at: z.iso.datetime() });
export const SpeedTestUploadSchema = z.object({ bytes: z.number().int() });

const kbps = z.number().int().min(0).max(100_000_000);
const ms = z.number().int().min(0).max(60_000);

export const SpeedTestResultRequestSchema = z.strictObject({
  downloadKbps: kbps,
  uploadKbps: kbps,
  idleLatencyMs: ms,
  loadedLatencyMs: ms,
  jitterMs: ms,
});
export type SpeedTestResultRequest = z.infer<typeof SpeedTestResultRequestSchema>;

export const SpeedTestResultSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  downloadKbps: z.number().int(),
  uploadKbps: z.number().int(),
  idleLatencyMs: z.number().int(),
  loadedLatencyMs: z.number().int(),
  jitterMs: z.number().int(),
  /** The internet plan billed when it ran, with its speeds; null without one. */
  plan: z.object({ name: z.string(), downloadKbps: z.number().int(), uploadKbps: z.number().int() }).nullable(),
  verdict: z.enum(SPEED_VERDICTS),
  /** Latency under load rose LOADED_LATENCY_RISE_MS or more over idle. */
  latencyRises: z.boolean(),
});
export type SpeedTestResult = z.infer<typeof SpeedTestResultSchema>;

export const SpeedTestHistorySchema = z.object({
  items: z.array(SpeedTestResultSchema),
  nextCursor: z.string().nullable(),
});
export type SpeedTestHistory = z.infer<typeof SpeedTestHistorySchema>;

export const SpeedTestHistoryQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
