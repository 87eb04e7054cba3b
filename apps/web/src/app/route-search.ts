import { MOBILE_TRANSACTION_TYPES } from '@vireo/shared';
import { z } from 'zod';
import { ACCESS_NOTICES } from './guards';

/**
 * The search params of each route whose page reads any (spec §2.2 query parameters; issue 15, ADR 019): a zod schema
 * per route, given to the route as `validateSearch` (route-table.ts), so `useSearch({ from })` is typed and a link with
 * a wrong search fails the type check. Lenient: a value that does not parse is dropped (`.catch(undefined)`), never
 * an error page (a shared or hand-edited address with `open=zzz` opens the page as if it had none); keys the route
 * does not read are dropped (zod's object strips them). The sign-in pages read their query themselves
 * (route-access.ts, sign-in-page.tsx); `/profile-and-settings` gets its own with its screen (issue 18).
 */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);
const text = z.string().min(1).optional().catch(undefined);
/** An opaque keyset cursor; the router reads a cursor made of digits as a number. */
const cursor = z
  .union([z.number(), z.string().min(1)])
  .optional()
  .catch(undefined);

/** A yes/no parameter: `true`/`false` (the router reads them as booleans); a bare key (`?password-reset-required`) is yes. */
const flag = z
  .union([z.boolean(), z.literal('').transform(() => true)])
  .optional()
  .catch(undefined);

/** A route's search schema, every field optional; the router calls it with the parsed query. */
function search<S extends z.ZodRawShape>(shape: S) {
  const schema = z.object(shape);
  return (input: Record<string, unknown>): z.output<typeof schema> => schema.parse(input);
}

/** spec §2.2: `open=otp|ap|fdp|bd` opens the one-time payment, Auto Pay, future-dated payment or bill details panel. */
export const PAY_BILL_PANELS = ['otp', 'ap', 'fdp', 'bd'] as const;

export const SEARCH = {
  /** issue 14: why a guard sent the user here. */
  accountSummary: search({ notice: oneOf(ACCESS_NOTICES) }),
  /** spec §2.2: `open=otp|ap|fdp|bd` opens the one-time payment, Auto Pay, scheduled payments or bill details panel. */
  payBill: search({ open: oneOf(PAY_BILL_PANELS) }),
  statements: search({ cursor }),
  /** A history filter's dates (`YYYY-MM-DD`): the list checks the range itself. */
  accountActivity: search({ cursor, from: text, to: text, tab: oneOf(['activity', 'charges']) }),
  paymentHistory: search({ cursor, from: text, to: text }),
  /** The devices card's links: `device` with `kind=payoff|extra` (a device without a kind means its payoff). */
  mobilePayment: search({ device: text, kind: oneOf(['payoff', 'extra']) }),
  mobileTransactions: search({ type: oneOf(MOBILE_TRANSACTION_TYPES), cursor }),
  /** The header's search entry (issue 16): the words typed. */
  searchResults: search({ q: text }),
  /** issue 17 item 7: a pay link's token (`/wg/pay-bill?link=…`). */
  guestPay: search({ link: text }),
  /** issue 20: the visit a reschedule or cancel page is about (`/appointment-tracking/reschedule-appointment?appointmentId=…`). */
  visit: search({ appointmentId: text }),
  /** issue 17: an e-mailed link's token (verification, reset, invitation; a visit's tracking link). */
  linkToken: search({ token: text }),
  /**
   * issue 21 item 4: a visitor's status link (`token`), or a ticket begun elsewhere (troubleshooting: topic, subject;
   * issue 23 item 4: an error message's support code).
   */
  supportForms: search({ token: text, topic: text, subject: text, supportCode: text }),
  /** issue 22 item 6: the property whose ramp ledger `/manage/unit-ramp-billing` shows (none: the first). */
  rampBilling: search({ propertyId: text }),
  /** issue 22 item 5: the property whose settings the three property settings pages show (none: the first). */
  propertySettings: search({ propertyId: text }),
  /** spec §2.2, wider-portal.md §1: which recovery form; `password-reset-required` after a lockout. */
  accountRecovery: search({ 'password-reset': flag, 'password-reset-required': flag }),
} as const;
