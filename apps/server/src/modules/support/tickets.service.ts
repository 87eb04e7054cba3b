import { createHash } from 'node:crypto';
import {
  AppError,
  type Capability,
  type Locale,
  type ParsedSupportTicketRequest,
  SUPPORT_ATTACHMENT_KEEP_HOURS,
  SUPPORT_STATUS_LINK_DAYS,
  SUPPORT_TICKETS_PAGE,
  SUPPORT_TRACE_IDS_MAX,
  type SupportAttachment,
  type SupportContext,
  type SupportTicket,
  type SupportTicketCreated,
  type SupportTicketList,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import { translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { OutboxRepository } from '../../platform/outbox';
import { readLinkToken, sha256, signLinkToken } from '../../platform/tokens';
import type { OutageCareService } from '../outage-care/outage-care.service';
import type { ServicesService } from '../services/services.service';
import type { SpeedTestService } from '../speed-test/speed-test.service';
import { checkAttachment } from './attachment-check';
import type { AttachmentInfo, TicketRow, TicketsRepository } from './tickets.repository';

/** A visitor's status link names its ticket with this purpose (platform/tokens.ts `signLinkToken`). */
const STATUS_LINK = 'support-ticket';
const HOUR_MS = 3_600_000;

/** Who sends: a signed-in user (answered at the profile's address) or a visitor (by the anti-forgery token's hash). */
export type TicketSender =
  | {
      kind: 'user';
      accountId: string;
      userId: string;
      name: string;
      email: string;
      capabilities: readonly Capability[];
      timeZone: string;
      requestId: string;
    }
  | { kind: 'visitor'; visitorToken: string; requestId: string };

export type TicketsDeps = {
  db: Db;
  clock: Clock;
  repo: TicketsRepository;
  audit: AuditRepository;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  services: Pick<ServicesService, 'getServices'>;
  outageCare: Pick<OutageCareService, 'locations'>;
  speedTest: Pick<SpeedTestService, 'latest'>;
  secrets: readonly string[];
  publicUrl: string;
};

function ownerOf(sender: TicketSender): string {
  return sender.kind === 'user' ? `user:${sender.userId}` : `visitor:${sha256(sender.visitorToken)}`;
}

function attachmentView(row: AttachmentInfo): SupportAttachment {
  return {
    id: row.id,
    name: row.name,
    mediaType: row.mediaType as SupportAttachment['mediaType'],
    sizeBytes: row.sizeBytes,
  };
}

function ticketView(row: TicketRow, files: readonly AttachmentInfo[]): SupportTicket {
  return {
    number: row.number,
    topic: row.topic as SupportTicket['topic'],
    subject: row.subject,
    status: row.status as SupportTicket['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachments: files
      .filter((file) => file.ticketId === row.id)
      .map(({ name, mediaType, sizeBytes }) => ({ name, mediaType, sizeBytes }) as SupportTicket['attachments'][0]),
    withContext: row.context !== null,
    supportCode: row.supportCode,
  };
}

/**
 * Support forms (issue 21 item 4, wider-portal.md §9): files checked by their content and kept for their sender until
 * a ticket takes them; the ticket with its number, its audit entry and its confirmation e-mail in one transaction;
 * a visitor's signed status link; the user's tickets; with consent, the service's context.
 */
export function createTicketsService(deps: TicketsDeps) {
  const { db, clock, repo, audit, outbox, secrets, publicUrl } = deps;
  const keptAfter = () => new Date(clock.now().getTime() - SUPPORT_ATTACHMENT_KEEP_HOURS * HOUR_MS);

  /** What a consenting user's ticket carries: the services and equipment, the outages under way, the trace ids. */
  async function contextOf(sender: Extract<TicketSender, { kind: 'user' }>) {
    const reader = { accountId: sender.accountId, capabilities: sender.capabilities };
    const since = new Date(clock.now().getTime() - 24 * HOUR_MS);
    const [{ services }, { locations }, traceIds, speed] = await Promise.all([
      deps.services.getServices(reader),
      deps.outageCare.locations({ ...reader, userId: sender.userId, timeZone: sender.timeZone }),
      repo.recentRequestIds(db, sender.userId, since, SUPPORT_TRACE_IDS_MAX),
      deps.speedTest.latest(sender.userId),
    ]);
    const context: SupportContext = {
      services: services.map(({ key, plans }) => ({ key, plans })),
      equipment: services.flatMap((service) =>
        service.equipment.map(({ deviceType, model, nickname, status }) => ({ deviceType, model, nickname, status })),
      ),
      outages: locations.flatMap((location) =>
        location.outages
          .filter((outage) => outage.endedAt === null)
          .map(({ reference, stage }) => ({ reference, stage })),
      ),
      // issue 21 item 7: the user's last speed test
      lastSpeedTest: speed ? { at: speed.at, downloadKbps: speed.downloadKbps, uploadKbps: speed.uploadKbps } : null,
      traceIds,
    };
    return context;
  }

  return {
    /** One file, by its content; refused with the reason (the form names the file and says why). */
    async upload(sender: TicketSender, name: string, bytes: Uint8Array): Promise<SupportAttachment> {
      const checked = await checkAttachment(bytes);
      if ('refused' in checked) {
        const field = [{ path: 'body', code: `attachment.${checked.refused}` }];
        if (checked.refused === 'tooBig') throw new AppError('PAYLOAD_TOO_LARGE', 'file too large', { fields: field });
        if (checked.refused === 'notAllowed') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'not a PDF, PNG or JPEG', { fields: field });
        }
        throw new AppError('VALIDATION_FAILED', 'empty file', { fields: field });
      }
      const row = await repo.insertAttachment(
        db,
        {
          owner: ownerOf(sender),
          name,
          mediaType: checked.mediaType,
          sizeBytes: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          bytes,
          createdAt: clock.now(),
        },
        keptAfter(),
      );
      return attachmentView(row);
    },

    /** What the ticket would carry with the user's consent (shown before it is sent). */
    context: contextOf,

    async create(sender: TicketSender, request: ParsedSupportTicketRequest): Promise<SupportTicketCreated> {
      // the honeypot: people never see the field, so whatever fills it is a program
      if (request.website) {
        throw new AppError('VALIDATION_FAILED', 'refused', { fields: [{ path: 'body.website', code: 'honeypot' }] });
      }
      const contact =
        sender.kind === 'user'
          ? { name: sender.name, email: sender.email }
          : { name: request.name, email: request.email };
      if (!contact.name || !contact.email) {
        const fields = [
          ...(contact.name ? [] : [{ path: 'body.name', code: 'too_small' }]),
          ...(contact.email ? [] : [{ path: 'body.email', code: 'too_small' }]),
        ];
        throw new AppError('VALIDATION_FAILED', 'a visitor gives a name and an e-mail address', { fields });
      }
      const { name, email } = contact as { name: string; email: string };
      const ids = [...new Set(request.attachmentIds ?? [])];
      const context = sender.kind === 'user' && request.shareContext ? await contextOf(sender) : null;
      const lang: Locale = request.lang;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const files = await repo.pendingAttachments(tx, ownerOf(sender), ids, keptAfter());
        if (files.length !== ids.length) {
          // another's file is as unknown as one sent already or kept too long (quality-bars.md: foreign ids are 404)
          throw new AppError('NOT_FOUND', 'an attachment is gone (sent already, kept too long, or not the sender’s)', {
            fields: [{ path: 'body.attachmentIds', code: 'attachment.gone' }],
          });
        }
        const row = await repo.insertTicket(tx, {
          accountId: sender.kind === 'user' ? sender.accountId : null,
          userId: sender.kind === 'user' ? sender.userId : null,
          name,
          email,
          language: lang,
          topic: request.topic,
          subject: request.subject,
          message: request.message,
          context,
          supportCode: request.supportCode ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await repo.attach(tx, row.id, ids);
        const attached = files.map((file) => ({ ...file, ticketId: row.id }));
        await audit.record(tx, {
          at: now,
          accountId: sender.kind === 'user' ? sender.accountId : null,
          actorUserId: sender.kind === 'user' ? sender.userId : null,
          action: 'support_ticket.created',
          targetId: row.id,
          requestId: sender.requestId,
          data: {
            number: row.number,
            topic: row.topic,
            attachments: files.length,
            withContext: context !== null,
            ...(request.supportCode ? { supportCode: request.supportCode } : {}),
            ...(sender.kind === 'visitor' ? { actor: 'guest' } : {}),
          },
        });
        const statusToken =
          sender.kind === 'visitor'
            ? signLinkToken(
                secrets,
                STATUS_LINK,
                row.id,
                new Date(now.getTime() + SUPPORT_STATUS_LINK_DAYS * 24 * HOUR_MS),
              )
            : null;
        const url = `${publicUrl}/support/forms${statusToken ? `?token=${statusToken}` : ''}`;
        const t = translator(lang);
        const values = { name, number: row.number, subject: row.subject, url };
        await outbox.queueEmail(tx, {
          to: email,
          kind: 'support-ticket',
          language: lang,
          subject: t('supportTicket.received.subject', values),
          text: t('supportTicket.received.body', values),
          action: { label: t('supportTicket.received.action'), url },
          createdAt: now,
        });
        return { ticket: ticketView(row, attached), email, statusToken };
      });
    },

    /** The user's tickets, newest first. */
    async list(
      userId: string,
      query: { cursor?: string | undefined; limit?: number | undefined },
    ): Promise<SupportTicketList> {
      const window = { cursor: decodeCursor(query.cursor), limit: query.limit ?? SUPPORT_TICKETS_PAGE };
      const { rows, hasOtherSide } = await repo.listOfUser(db, userId, window);
      const files = await repo.attachmentsOf(
        db,
        rows.map((row) => row.id),
      );
      const page = toPage(
        rows.map((row) => ({ id: row.id, view: ticketView(row, files) })),
        { ...window, dateOf: (item) => item.view.createdAt, hasOtherSide },
      );
      return { items: page.items.map((item) => item.view), nextCursor: page.nextCursor };
    },

    /** The ticket a visitor's status link names. */
    async status(token: string): Promise<SupportTicket> {
      const read = readLinkToken(secrets, STATUS_LINK, token, clock.now());
      if (read === 'expired') throw new AppError('LINK_EXPIRED', 'the status link has expired');
      if (!read) throw new AppError('LINK_UNKNOWN', 'not a status link');
      const row = await repo.findTicket(db, read.id);
      if (!row) throw new AppError('LINK_UNKNOWN', 'the ticket is gone');
      return ticketView(row, await repo.attachmentsOf(db, [row.id]));
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
