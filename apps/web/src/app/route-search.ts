import { MobileTransactionTypeSchema } from '@vireo/shared';
import { z } from 'zod';

/**
 * The search params of each route that reads any (spec §2.2 query parameters; issue 15): a zod schema per route, given
 * to the route as `validateSearch` (route-table.ts), so `useSearch({ from })` is typed and a link with a wrong search
 * fails the type check. A value that does not parse is dropped, never an error page: a shared or hand-edited address
 * with `open=zzz` opens the page as if it had none.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** An opaque keyset cursor; the router reads a cursor made of digits as a number. */
const cursor = optional(z.union([z.string(), z.number()]));
/** A history filter's date (`YYYY-MM-DD`); the list checks the range itself. */
const isoDate = optional(z.string());

export const SEARCH = {
  /** issue 14: why a guard sent the user here. */
  accountSummary: z.object({ notice: optional(z.enum(['noBillingAccess', 'noVoiceAccess'])) }),
  /** spec §2.2: `open=otp|ap|fdp|bd` opens the one-time payment, Auto Pay, scheduled payments or bill details panel. */
  payBill: z.object({ open: optional(z.enum(['otp', 'ap', 'fdp', 'bd'])) }),
  statements: z.object({ cursor }),
  accountActivity: z.object({ cursor, from: isoDate, to: isoDate, tab: optional(z.enum(['activity', 'charges'])) }),
  paymentHistory: z.object({ cursor, from: isoDate, to: isoDate }),
  /** The devices card's links: `device` with `kind=payoff|extra` (a device without a kind means its payoff). */
  mobilePayment: z.object({ device: optional(z.string()), kind: optional(z.enum(['payoff', 'extra'])) }),
  mobileTransactions: z.object({ type: optional(MobileTransactionTypeSchema), cursor }),
  /** spec §2.2: `/login?loggedOut=true`; `interaction` is the OIDC interaction the sign-in form answers. */
  signIn: z.object({ interaction: optional(z.string()), loggedOut: optional(z.boolean()) }),
  /** spec §2.3: where to go after sign-in (checked same-origin by the page). */
  signInRedirect: z.object({ targetUrl: optional(z.string()) }),
  /** spec §2.2: `password-reset=true|false`, or `password-reset-required`. */
  accountRecovery: z.object({
    'password-reset': optional(z.boolean()),
    'password-reset-required': optional(z.union([z.boolean(), z.string()])),
  }),
  /** spec §2.2: `goToCompany=true` opens the company details (PRIMARY and ADMIN). */
  profileSettings: z.object({ goToCompany: optional(z.boolean()) }),
} as const;
