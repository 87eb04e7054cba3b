import { z } from 'zod';

/**
 * Every failure the API reports has one of these codes. The web maps each code to a message id and to the
 * spec §8 title; the HTTP status comes from ERROR_STATUS (error-status.ts), never from the throw site.
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
  // payments (spec §8)
  'CARD_DATA_REFUSED',
  'CARD_NOT_VERIFIED',
  'SECURITY_CODE_MISMATCH',
  'CARD_EXPIRED',
  'PAYMENT_DECLINED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'BILL_PAY_UNAVAILABLE',
  'ONLINE_BANKING_UNAVAILABLE',
  'SCHEDULE_LIMIT_REACHED',
  'PAYMENT_NOT_EDITABLE',
  // Auto Pay and the wallet (spec §8)
  'AUTOPAY_INELIGIBLE',
  'AUTOPAY_NOT_CANCELLABLE',
  'AUTOPAY_METHOD_NOT_DELETABLE',
  'PAYMENT_METHOD_IN_USE',
  'WALLET_FULL',
  'PREPAID_NOT_SAVED',
  'PAYMENT_METHOD_DUPLICATE',
  'MOBILE_BILLING_UNAVAILABLE',
  // card testing (issue 14 item 11)
  'CARD_ATTEMPTS_SLOWED',
  'CARD_ATTEMPTS_PAUSED',
  'NO_MOBILE_SERVICE',
  // the open doors (issue 17, wider-portal.md §1)
  'REGISTRATION_MISMATCH',
  'REGISTRATION_LOCKED',
  'ACCOUNT_HAS_OWNER',
  'USERNAME_TAKEN',
  'PASSWORD_REFUSED',
  'LINK_EXPIRED',
  'LINK_USED',
  'LINK_UNKNOWN',
  'PASSWORD_RESET_REQUIRED',
  // Quick Pay (issue 17 item 6, wider-portal.md §1)
  'QUICK_PAY_NOT_FOUND',
  'QUICK_PAY_SESSION_EXPIRED',
  // pay links (issue 17 item 7, wider-portal.md §1)
  'PAY_LINK_UNKNOWN',
  'PAY_LINK_EXPIRED',
  'PAY_LINK_REVOKED',
  'PAY_LINK_USED',
  'PAY_LINK_CAP_EXCEEDED',
  // people: step-up, users and roles (issue 18, wider-portal.md §3-§4)
  'STEP_UP_REQUIRED',
  'USER_PROTECTED',
  'PRIMARY_TRANSFER_INVALID',
  'ALREADY_MEMBER',
  // passkeys (issue 18 item 2, ADR 029)
  'PASSKEY_REFUSED',
  'PASSKEYS_FULL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
    /** What the user's message names (display data only, e.g. the existing method of PAYMENT_METHOD_DUPLICATE). */
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  /** Sent as `Retry-After` (a slowed or paused attempt). */
  readonly retryAfterSeconds: number | undefined;
  /** Display data the user's message names (never a card number or account number); sent with the error. */
  readonly details: Record<string, string> | undefined;
  /** In the browser: the trace id of the call that failed (its support code is shown, issue 23 item 4). */
  readonly traceId: string | undefined;

  /** `message` is internal: for 5xx it never leaves the server. */
  constructor(
    code: ErrorCode,
    message?: string,
    options?: {
      fields?: FieldError[];
      details?: Record<string, string>;
      cause?: unknown;
      retryAfterSeconds?: number;
      traceId?: string;
    },
  ) {
    super(message ?? code, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.details = options?.details;
    this.traceId = options?.traceId;
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
