import { z } from 'zod';
import { DEVICE_TYPES } from '../rules/equipment';
import { SERVICE_KEYS } from './account';
import { DEVICE_STATUSES } from './services';
import { SUPPORT_CATEGORIES } from './support';

/**
 * Support forms (issue 21 item 4, wider-portal.md §9; spec §2.1: `/support/forms` is open): a ticket with a topic,
 * a subject and a message, up to SUPPORT_ATTACHMENTS_MAX files checked by their content, a number and a status; a
 * confirmation e-mail; a visitor's signed status link; with consent, the context of the signed-in user's service.
 */
export const SUPPORT_TICKETS_PATH = '/api/pub/support/v1/tickets';
/** POST `{ token }`: the ticket a visitor's signed status link names (the token in the body, never in an API URL). */
export const SUPPORT_TICKET_STATUS_PATH = '/api/pub/support/v1/tickets/status';
/** GET: what the ticket would carry with the signed-in user's consent, shown before it is sent. */
export const SUPPORT_TICKET_CONTEXT_PATH = '/api/pub/support/v1/tickets/context';
/**
 * POST the file's bytes (`application/octet-stream`, `?name=` its file name): one attachment, checked by its content
 * and kept until a ticket takes it (SUPPORT_ATTACHMENT_KEEP_HOURS). Refused at once with the reason, so the form
 * says which file and why before anything typed is lost.
 */
export const SUPPORT_ATTACHMENTS_PATH = '/api/pub/support/v1/attachments';

/** issue 21 item 4: at most 3 files of 5 MB each, PDF, PNG or JPEG (by content, not by name). */
export const SUPPORT_ATTACHMENTS_MAX = 3;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const SUPPORT_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type SupportAttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];

/**
 * A file refused by its size alone: empty, or over SUPPORT_ATTACHMENT_MAX_BYTES (the server's check, and the form's
 * before it sends a file: what cannot pass never leaves the browser). Its type is read from its content on the server.
 */
export function attachmentSizeRefusal(sizeBytes: number): 'empty' | 'tooBig' | null {
  if (sizeBytes === 0) return 'empty';
  return sizeBytes > SUPPORT_ATTACHMENT_MAX_BYTES ? 'tooBig' : null;
}
/** An attachment no ticket took within this time is deleted. */
export const SUPPORT_ATTACHMENT_KEEP_HOURS = 24;
/**
 * Tickets per hour per client address, or per user when signed in; files twice SUPPORT_ATTACHMENTS_MAX per ticket
 * (a refused file and its replacement).
 */
export const SUPPORT_TICKETS_PER_HOUR = 5;
/** How long a visitor's status link works. */
export const SUPPORT_STATUS_LINK_DAYS = 90;
/** The user's tickets, a page at a time. */
export const SUPPORT_TICKETS_PAGE = 10;

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_FILE_NAME_MAX = 120;
/** A consenting user's ticket quotes the request ids of their last actions (the audit log's), this many at most. */
export const SUPPORT_TRACE_IDS_MAX = 5;

/** A ticket's topic: a help category, or anything else. */
export const SUPPORT_TOPICS = [...SUPPORT_CATEGORIES, 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** spec §4-style states of a ticket: received -> in progress (-> waiting for you -> in progress) -> resolved. */
export const SUPPORT_TICKET_STATUSES = ['received', 'in_progress', 'waiting_for_customer', 'resolved'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

/** A file of a ticket: its name as chosen, what its content is (never what its name says), its size. */
const AttachedFileSchema = z.object({
  name: z.string(),
  mediaType: z.enum(SUPPORT_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
});
export const SupportAttachmentSchema = AttachedFileSchema.extend({ id: z.uuid() });
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;

/** What a consenting user's ticket carries (gathered by the server when the ticket is sent). */
export const SupportContextSchema = z.object({
  services: z.array(z.object({ key: z.enum(SERVICE_KEYS), plans: z.array(z.string()) })),
  equipment: z.array(
    z.object({
      deviceType: z.enum(DEVICE_TYPES),
      model: z.string(),
      nickname: z.string().nullable(),
      status: z.enum(DEVICE_STATUSES),
    }),
  ),
  /** Outages under way at the account's locations (their references; empty: none). */
  outages: z.array(z.object({ reference: z.string(), stage: z.string() })),
  /** The last speed test (issue 21 item 7); null when there was none. */
  lastSpeedTest: z
    .object({ at: z.iso.datetime(), downloadKbps: z.number().int(), uploadKbps: z.number().int() })
    .nullable(),
  /** The request ids of the user's last actions (their audit entries of the last day): what support traces. */
  traceIds: z.array(z.string()),
});
export type SupportContext = z.infer<typeof SupportContextSchema>;

export const SupportTicketSchema = z.object({
  number: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  subject: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  attachments: z.array(AttachedFileSchema),
  /** Whether the ticket carries the service's context. */
  withContext: z.boolean(),
  /** Issue 23 item 4: the support code of the error it is about, as given (null: none). */
  supportCode: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const SupportTicketCreatedSchema = z.object({
  ticket: SupportTicketSchema,
  /** Where the confirmation went. */
  email: z.string(),
  /** A visitor's status link token (`/support/forms?token=`), also in the e-mail; null for a signed-in user. */
  statusToken: z.string().nullable(),
});
export type SupportTicketCreated = z.infer<typeof SupportTicketCreatedSchema>;

export const SupportTicketListSchema = z.object({
  items: z.array(SupportTicketSchema),
  nextCursor: z.string().nullable(),
});
export type SupportTicketList = z.infer<typeof SupportTicketListSchema>;
