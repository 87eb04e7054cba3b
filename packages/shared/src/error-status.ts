import type { ErrorCode } from './errors';

/**
 * The HTTP status of each error code (ADR 003). Only the server answers with it: a module of its own, so the web's
 * bundle, which reads the status off the response, does not carry the table (every route's first load).
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  // wider-portal.md §1: one answer for every wrong field of Create account (account number, ZIP, security code)
  REGISTRATION_MISMATCH: 422,
  // wider-portal.md §1: 3 wrong security codes for an account in an hour lock its registration for an hour
  REGISTRATION_LOCKED: 429,
  // wider-portal.md §1: an account that already has a PRIMARY: "ask your account owner to invite you"
  ACCOUNT_HAS_OWNER: 409,
  USERNAME_TAKEN: 409,
  // wider-portal.md §1: a new password short, long, common or containing the username (fields name the problems)
  PASSWORD_REFUSED: 422,
  // a link past its expiry, or used already: the page says so and offers a new one
  LINK_EXPIRED: 410,
  LINK_USED: 410,
  LINK_UNKNOWN: 404,
  // wider-portal.md §1: after a lockout (or an admin's requirement) the right password is answered this, and no
  // session, until the password is reset; during the lockout every password is INVALID_CREDENTIALS
  PASSWORD_RESET_REQUIRED: 403,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  // wider-portal.md §1 Quick Pay: one answer for an unknown account number and a wrong service ZIP
  QUICK_PAY_NOT_FOUND: 404,
  // a Quick Pay token unknown or past its 20 minutes: the guest looks the account up again
  QUICK_PAY_SESSION_EXPIRED: 410,
  // wider-portal.md §1 pay links: a link that never existed; one past its expiry, revoked, or with every use taken;
  // a payment over what the link has left of its cap (details name what is left)
  PAY_LINK_UNKNOWN: 404,
  PAY_LINK_EXPIRED: 410,
  PAY_LINK_REVOKED: 410,
  PAY_LINK_USED: 410,
  PAY_LINK_CAP_EXCEEDED: 422,
  // wider-portal.md §3: a dangerous action with no sign-in (password or passkey) in the last STEP_UP_MINUTES; the
  // client asks for the password, then sends the action again (not 401: the session is alive)
  STEP_UP_REQUIRED: 403,
  // wider-portal.md §4: nobody removes, deactivates or changes the role of themselves or of the PRIMARY (details:
  // reason 'self' | 'primary')
  USER_PROTECTED: 403,
  // wider-portal.md §4: the Primary role goes only to an active ADMIN of the account
  PRIMARY_TRANSFER_INVALID: 422,
  // an invitation to an address that is already a member's, or already invited (resend that one instead)
  ALREADY_MEMBER: 409,
  // a WebAuthn answer that does not verify: a wrong signature, a challenge expired or already used, a passkey unknown
  // or another user's (one answer for all); not 401, which would end the caller's session
  PASSKEY_REFUSED: 422,
  // at most PASSKEYS_MAX passkeys per user
  PASSKEYS_FULL: 409,
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
  // a card number or security code sent anywhere but the card vault (architecture.md, card data)
  CARD_DATA_REFUSED: 400,
  // the vault could not verify the card (spec §8 validate-card error)
  CARD_NOT_VERIFIED: 422,
  // spec §8 "Unable to Complete Request": the security-code check failed
  SECURITY_CODE_MISMATCH: 422,
  // spec §8 expired card page-level error
  CARD_EXPIRED: 422,
  // spec §8 "Unable to Process Payment": declined by the processor or returned by the bank
  PAYMENT_DECLINED: 422,
  // spec §8 "Payment Method Unavailable": the account's restriction refuses the method
  PAYMENT_METHOD_UNAVAILABLE: 422,
  // spec §8 "Bill Pay Unavailable": the processor is down or did not answer
  BILL_PAY_UNAVAILABLE: 503,
  // spec §8 "Unable to Connect to Online Banking"
  ONLINE_BANKING_UNAVAILABLE: 422,
  // spec §9: at most two future-dated payments
  SCHEDULE_LIMIT_REACHED: 409,
  // product-decisions.md: scheduled payments change only until the cut-off of the day before
  PAYMENT_NOT_EDITABLE: 409,
  // spec §4: disconnected accounts cannot enrol in Auto Pay
  AUTOPAY_INELIGIBLE: 409,
  // spec §4: mobile service requires Auto Pay
  AUTOPAY_NOT_CANCELLABLE: 409,
  // spec §5: the current Auto Pay method cannot be deleted (the roadblock modal)
  AUTOPAY_METHOD_NOT_DELETABLE: 409,
  // issue 14: a method a scheduled payment (or one in progress) will charge cannot be deleted either (the roadblock)
  PAYMENT_METHOD_IN_USE: 409,
  // product-decisions.md: at most 10 saved methods
  WALLET_FULL: 409,
  // spec §5: prepaid and gift cards are never saved
  PREPAID_NOT_SAVED: 422,
  // issue 14: one wallet entry per instrument (same card number; same routing and account number)
  PAYMENT_METHOD_DUPLICATE: 409,
  // spec §8 "Unable to Load Mobile Billing Info" and the other mobile errors: the mobile billing system did not answer
  MOBILE_BILLING_UNAVAILABLE: 503,
  // issue 14 item 11: consecutive declines on the account slow further card and bank attempts (Retry-After), then
  // pause them (rules/payments.ts cardDeclineWait)
  CARD_ATTEMPTS_SLOWED: 429,
  CARD_ATTEMPTS_PAUSED: 429,
  // issue 14: a business without mobile lines has no devices, orders or transactions to read and nothing to pay; not a
  // failure (the mobile billing home answers 200 `hasMobileService: false`, and the screens offer the service)
  NO_MOBILE_SERVICE: 404,
};
