import { z } from 'zod';
import {
  MAX_PAYMENT_CENTS,
  MIN_PAYMENT_CENTS,
  PAY_LINK_MAX_DAYS,
  PAY_LINK_MAX_USES,
  PAY_LINK_NOTE_MAX_LENGTH,
} from '../constants';
import { pageOf } from './billing';
import { freeText } from './free-text';
import { QuickPayLookupResponseSchema } from './quick-pay';

/**
 * Pay links for a bookkeeper (issue 17 item 7, wider-portal.md §1): a PRIMARY, ADMIN or BILLING user (`billing.pay`)
 * makes a link for someone outside the account: a cap on what it may pay in all, an expiry of 1-30 days, one use or up
 * to `PAY_LINK_MAX_USES`, an optional note. The link opens Quick Pay with the account filled in and nothing else
 * revealed; each use e-mails the creator and is an audit entry. The link's token (32 random bytes) is shown once, when
 * it is made; the server keeps its SHA-256 only.
 */
export const PAY_LINKS_PATH = '/api/pub/billing/v1/pay-links';
export const PAY_LINK_REVOKE_PATH = `${PAY_LINKS_PATH}/:payLinkId/revoke`;
/** Public: a link's token -> Quick Pay's lookup answer for its account, with what the link has left. */
export const QUICK_PAY_LINK_PATH = '/api/pub/billing/v1/quick-pay/link';
/** The guest page a link opens: `/wg/pay-bill?link=<token>`. */
export const PAY_LINK_PAGE = '/wg/pay-bill';
/** Where the account's users make, see and revoke their links. */
export const PAY_LINKS_PAGE = '/billing/pay-links';

/** A pay link's token: 32 random bytes in base64url (43 characters). */
export const PayLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a pay link');

export const PAY_LINK_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type PayLinkStatus = (typeof PAY_LINK_STATUSES)[number];

export const CreatePayLinkRequestSchema = z.strictObject({
  /** What the link may pay in all its uses, in cents: a one-time payment's bounds. */
  capCents: z.number().int().min(MIN_PAYMENT_CENTS).max(MAX_PAYMENT_CENTS),
  /** Days from now until the link stops working. */
  expiresInDays: z.number().int().min(1).max(PAY_LINK_MAX_DAYS),
  usesAllowed: z.number().int().min(1).max(PAY_LINK_MAX_USES),
  /** For the bookkeeper and the account's users ("October invoice"); never a card number. */
  note: freeText({ max: PAY_LINK_NOTE_MAX_LENGTH }).optional(),
});
export type CreatePayLinkRequest = z.infer<typeof CreatePayLinkRequestSchema>;

export const PayLinkSchema = z.object({
  id: z.uuid(),
  status: z.enum(PAY_LINK_STATUSES),
  capCents: z.number().int(),
  /** What the link's payments took (declined ones excepted). */
  paidCents: z.number().int(),
  usesAllowed: z.number().int(),
  usesCount: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Who made it (names only); null once that user is gone. */
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type PayLink = z.infer<typeof PayLinkSchema>;

export const PayLinksPageSchema = pageOf(PayLinkSchema);
export type PayLinksPage = z.infer<typeof PayLinksPageSchema>;

export const PayLinksQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PayLinksQuery = z.infer<typeof PayLinksQuerySchema>;

/** The link made, with its address: the only time the token is shown. */
export const CreatePayLinkResponseSchema = z.object({ payLink: PayLinkSchema, url: z.string() });
export type CreatePayLinkResponse = z.infer<typeof CreatePayLinkResponseSchema>;

export const PayLinkParamsSchema = z.strictObject({ payLinkId: z.uuid() });

export const QuickPayLinkRequestSchema = z.strictObject({ link: PayLinkTokenSchema });
export type QuickPayLinkRequest = z.infer<typeof QuickPayLinkRequestSchema>;

/** Quick Pay's lookup answer for the link's account, with what the link still allows. */
export const QuickPayLinkResponseSchema = QuickPayLookupResponseSchema.extend({
  payLink: z.object({
    capLeftCents: z.number().int(),
    usesLeft: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }),
    note: z.string().nullable(),
  }),
});
export type QuickPayLinkResponse = z.infer<typeof QuickPayLinkResponseSchema>;
