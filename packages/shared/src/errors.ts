import { z } from 'zod';

/**
 * Every failure the API reports has one of these codes. The web maps each code to a message id and to the
 * spec §8 title; the HTTP status comes from ERROR_STATUS, never from the throw site.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'IN_MAINTENANCE',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'BILLING_SUPPRESSED',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  // product-decisions.md: wrong password, unknown user and locked user get the same answer
  INVALID_CREDENTIALS: 401,
  // spec §4 / §8: authenticated calls answer 401 IN_MAINTENANCE while the maintenance flag is on
  IN_MAINTENANCE: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  BILLING_SUPPRESSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const FieldErrorSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.amountCents`. */
  path: z.string(),
  /** Machine-readable reason (zod issue code), for the client to pick a message id. */
  code: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The wire shape of every error response. `message` is for developers; users see the translated text of `code`. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.array(FieldErrorSchema).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  /** `message` is internal: for 5xx it never leaves the server. */
  constructor(code: ErrorCode, message?: string, options?: { fields?: FieldError[]; cause?: unknown }) {
    super(message ?? code, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = options?.fields;
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
