import { z } from 'zod';
import { LOCALES } from '../constants';
import { parseSupportCode } from '../support-code';
import { EmailAddressSchema } from './account-access';
import { freeText } from './free-text';
import {
  SUPPORT_ATTACHMENTS_MAX,
  SUPPORT_FILE_NAME_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TOPICS,
} from './support-tickets';

/**
 * What the support forms' routes take (issue 21 item 4; the answers are in support-tickets.ts). A module of its own:
 * the web sends these without parsing them, so its build leaves this module, and the free-text rule's, out of the
 * help area's chunk.
 */

/** A file's name as the person chose it: printable, no path, no card number. */
export const SupportFileNameSchema = freeText({ max: SUPPORT_FILE_NAME_MAX }).pipe(
  z.string().regex(/^[^/\\\p{Cc}]+$/u, 'a file name without a path'),
);
export const SupportAttachmentQuerySchema = z.strictObject({ name: SupportFileNameSchema });

export const SupportTicketRequestSchema = z.strictObject({
  topic: z.enum(SUPPORT_TOPICS),
  subject: freeText({ max: SUPPORT_SUBJECT_MAX }),
  message: freeText({ max: SUPPORT_MESSAGE_MAX }),
  attachmentIds: z.array(z.uuid()).max(SUPPORT_ATTACHMENTS_MAX).default([]),
  /** A visitor's name and address to answer (a signed-in user is answered at the profile's address). */
  name: freeText({ max: 80 }).optional(),
  email: z.optional(EmailAddressSchema),
  /** The language of the confirmation and of the answers. */
  lang: z.enum(LOCALES),
  /**
   * Issue 23 item 4: the support code an error message showed (as typed: case, spaces and dashes do not matter;
   * empty: none), which finds that call's log lines and events.
   */
  supportCode: z
    .string()
    .max(20)
    .refine((input) => input.trim() === '' || parseSupportCode(input) !== null, 'a support code (XXXX-XXXX)')
    .transform((input) => parseSupportCode(input))
    .optional(),
  /** The signed-in user agreed that the ticket carries the context of the service (what `context` shows). */
  shareContext: z.boolean().default(false),
  /** The honeypot: a field people never see; anything in it marks the sender as a program. */
  website: freeText({ max: 200, min: 0 }).optional(),
});
export type SupportTicketRequest = z.input<typeof SupportTicketRequestSchema>;
/** A request as the route hands it on: parsed (a support code in its canonical form or null, the defaults set). */
export type ParsedSupportTicketRequest = z.output<typeof SupportTicketRequestSchema>;

export const SupportTicketListQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const SupportTicketStatusRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });
