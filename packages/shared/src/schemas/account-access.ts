import { z } from 'zod';
import { LOCALES, PASSWORD_MAX_LENGTH } from '../constants';
import type { PortalRole } from '../roles';
import { CARD_NUMBER_IN_TEXT, containsCardNumber } from '../rules/card-number';
import { PASSWORD_PROBLEMS, PASSWORD_WARNINGS } from '../rules/password';
import { freeText } from './free-text';

/**
 * The open doors (issue 17, wider-portal.md §1): create account, the links e-mails carry, account recovery and the
 * password check, all reachable without a session (the anti-forgery token of a visitor, `GET …/session/v1/csrf`).
 */
const BASE = '/api/pub/identity/v1';
export const PASSWORD_CHECK_PATH = `${BASE}/password-check`;
export const REGISTRATION_PATH = `${BASE}/registration`;
export const RECOVER_USERNAME_PATH = `${BASE}/recovery/username`;
export const RECOVER_PASSWORD_PATH = `${BASE}/recovery/password`;
/** What a link is and whether it still works (POST: the token stays out of URLs and access logs). */
export const LINK_STATUS_PATH = `${BASE}/links/status`;
/** Acts on a verification link (the page's button; nothing happens on opening the link). */
export const LINK_VERIFY_PATH = `${BASE}/links/verify`;
/** Sets a new password from a reset link. */
export const LINK_RESET_PASSWORD_PATH = `${BASE}/links/reset-password`;
/** A new link for an expired or used one, to the same address. */
export const LINK_RENEW_PATH = `${BASE}/links/renew`;
/** Accepts an invitation (wider-portal.md §1 `/create-sub-account`): the new user, signed in. */
export const LINK_ACCEPT_INVITATION_PATH = `${BASE}/links/accept-invitation`;

/** A link's token: 32 random bytes in base64url (43 characters). */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a link token');

/**
 * A new password: any characters, spaces kept; the policy (length, common, username) is judged by the server. A card
 * number in it is refused as in any text a person types (issue 14 item 6): a password is no place for one.
 */
export const NewPasswordSchema = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4)
  .refine((password) => !containsCardNumber(password), {
    message: 'A card number is not accepted in a password',
    params: { fieldCode: CARD_NUMBER_IN_TEXT },
  });

/** An e-mail address: free text (no card number in it), then an address, compared lower-case. */
export const EmailAddressSchema = freeText({ max: 254 })
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

/** A username: 3-64 letters, digits, dots, hyphens and underscores, stored lower-case (sign-in ignores case). */
export const UsernameSchema = freeText({ min: 3, max: 64 })
  .pipe(z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dots, hyphens and underscores'))
  .transform((name) => name.toLowerCase());

export const PasswordCheckRequestSchema = z.strictObject({
  password: NewPasswordSchema,
  /** The username chosen or held, so that a password containing it is refused and scores low. */
  username: freeText({ max: 64 }).optional(),
  /** The person's other words (names, e-mail, company): zxcvbn scores a password made of them low. */
  words: z
    .array(freeText({ max: 254 }))
    .max(8)
    .optional(),
});
export type PasswordCheckRequest = z.infer<typeof PasswordCheckRequestSchema>;

export const PasswordCheckResponseSchema = z.object({
  acceptable: z.boolean(),
  problems: z.array(z.enum(PASSWORD_PROBLEMS)),
  score: z.number().int().min(0).max(4),
  /** zxcvbn's warning key (`password.warning.<key>` in the browser's catalogs), or null. */
  warning: z.enum(PASSWORD_WARNINGS).nullable(),
});
export type PasswordCheckResponse = z.infer<typeof PasswordCheckResponseSchema>;

/**
 * The account number as printed on the statement (spaces and dashes allowed). Not `accountNumber`: that name is a
 * bank account number's, which only the card vault accepts (plugins/card-data-guard.ts). Create account and Quick Pay.
 */
export const BillingAccountNumberSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8,20}$/, 'an account number'));
/** The service address's ZIP code: 5 digits (spec §5). */
export const ServiceZipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'a 5-digit ZIP code');

export const RegistrationRequestSchema = z.strictObject({
  billingAccount: BillingAccountNumberSchema,
  zip: ServiceZipSchema,
  /** The 6-digit security code printed on every statement (not `securityCode`: a card's, the vault's only). */
  statementCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'a 6-digit code'),
  firstName: freeText({ max: 50 }),
  lastName: freeText({ max: 50 }),
  username: UsernameSchema,
  email: EmailAddressSchema,
  password: NewPasswordSchema,
  language: z.enum(LOCALES),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/** The one answer of a request that e-mails (recovery, registration, renewal): never says whether anything matched. */
export const EmailSentResponseSchema = z.object({ sentTo: z.string() });
export type EmailSentResponse = z.infer<typeof EmailSentResponseSchema>;

export const RecoveryRequestSchema = z.strictObject({ email: EmailAddressSchema, language: z.enum(LOCALES) });
export type RecoveryRequest = z.infer<typeof RecoveryRequestSchema>;

export const LinkRequestSchema = z.strictObject({ token: LinkTokenSchema });
export type LinkRequest = z.infer<typeof LinkRequestSchema>;
/** A new link for an expired or used one; `language` is the page's, for an address whose user chose none. */
export const LinkRenewRequestSchema = z.strictObject({ token: LinkTokenSchema, language: z.enum(LOCALES) });

/**
 * `not_me`: the "This wasn't me" link of every security notice (issue 18 item 4, wider-portal.md §3): its button ends
 * every session of the user, removes the passkeys added in the last 24 hours and requires a password reset.
 */
export const LINK_PURPOSES = ['verify_email', 'password_reset', 'invitation', 'email_change', 'not_me'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
export const LINK_STATES = ['valid', 'expired', 'used', 'unknown'] as const;

export const LinkStatusResponseSchema = z.object({
  state: z.enum(LINK_STATES),
  /** Null for a token that matches no link. */
  purpose: z.enum(LINK_PURPOSES).nullable(),
  /** The username the link is for (a reset or a verification), shown so the person knows which sign-in it is. */
  username: z.string().nullable(),
});
export type LinkStatusResponse = z.infer<typeof LinkStatusResponseSchema>;

export const LinkVerifyResponseSchema = z.object({ purpose: z.enum(LINK_PURPOSES), username: z.string() });
export type LinkVerifyResponse = z.infer<typeof LinkVerifyResponseSchema>;

export const ResetPasswordRequestSchema = z.strictObject({ token: LinkTokenSchema, password: NewPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
/** A reset's answer: the username whose password changed (the page names it on its way to sign-in). */
export const ResetPasswordResponseSchema = z.object({ username: z.string() });

/** The roles an invitation can give (wider-portal.md §4): every portal role but PRIMARY, which is transferred. */
export const INVITED_ROLES = ['ADMIN', 'BILLING', 'STANDARD'] as const satisfies readonly PortalRole[];
export type InvitedRole = (typeof INVITED_ROLES)[number];

/**
 * Accepting an invitation (wider-portal.md §1): the person chooses a username and a password (the policy of
 * registration); the answer signs them in (the session cookies of a sign-in).
 */
export const AcceptInvitationRequestSchema = z.strictObject({
  token: LinkTokenSchema,
  username: UsernameSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;
export const AcceptInvitationResponseSchema = z.object({ username: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
