import {
  CALL_LOGS_EXPORT_PATH,
  CALL_LOGS_PATH,
  CallLogsExportQuerySchema,
  CallLogsPageSchema,
  CallLogsQuerySchema,
  LineNumberSchema,
  localeOf,
  UnreadCountResponseSchema,
  VOICE_ASSIGNMENT_PATH,
  VOICE_CARD_PATH,
  VOICE_LINES_PATH,
  VOICE_MEDIA_PATH,
  VOICE_MESSAGE_PATH,
  VOICE_MESSAGES_PATH,
  VOICEMAIL_UNREAD_COUNT_PATH,
  VoiceAssignmentResponseSchema,
  VoiceCardResponseSchema,
  VoiceLinesResponseSchema,
  VoiceMediaQuerySchema,
  VoiceMessageSchema,
  VoiceMessagesPageSchema,
  VoiceMessagesQuerySchema,
  VoiceMessageUpdateSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';

/** CPNI (spec §2.1, ADR 008): call logs, messages and line settings are for the reader who may manage voice. */
const CPNI = { access: 'voice.manage' } as const;

/**
 * The voice manager's lines and mailboxes (issue 19 items 3-4), and spec §7.1's unread count and line assignment.
 * The media route answers range requests (an audio element seeks with them): 206 with the part asked for, 416 for a
 * range past the end, the whole file otherwise.
 */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { voice, identity } = app.portal.services;
  const lineParams = z.object({ lineId: z.uuid() });

  app.get(
    VOICE_LINES_PATH,
    { schema: { tags: ['voice'], response: { 200: VoiceLinesResponseSchema } }, config: CPNI },
    async (request) => voice.lines(authOf(request)),
  );

  app.get(
    VOICE_MESSAGES_PATH,
    {
      schema: {
        tags: ['voice'],
        params: lineParams,
        querystring: VoiceMessagesQuerySchema,
        response: { 200: VoiceMessagesPageSchema },
      },
      config: CPNI,
    },
    async (request) => voice.messages(authOf(request), request.params.lineId, request.query),
  );

  app.patch(
    VOICE_MESSAGE_PATH,
    {
      schema: {
        tags: ['voice'],
        params: z.object({ messageId: z.uuid() }),
        body: VoiceMessageUpdateSchema,
        response: { 200: VoiceMessageSchema },
      },
      config: CPNI,
    },
    async (request) =>
      voice.updateMessage({ ...authOf(request), requestId: request.id }, request.params.messageId, request.body),
  );

  app.get(
    VOICE_MEDIA_PATH,
    {
      schema: { tags: ['voice'], params: z.object({ messageId: z.uuid() }), querystring: VoiceMediaQuerySchema },
      config: CPNI,
    },
    async (request, reply) => {
      const { message, contentType, length, read } = await voice.media(authOf(request), request.params.messageId);
      const stamp = message.receivedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const name = `${message.kind}-${stamp}.${contentType === 'application/pdf' ? 'pdf' : 'wav'}`;
      reply
        .type(contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `${request.query.download === 'true' ? 'attachment' : 'inline'}; filename="${name}"`,
        );
      const header = request.headers.range;
      const ranges = header ? parseRange(length, header, { combine: true }) : -2;
      if (ranges === -1) {
        return reply.code(416).header('content-range', `bytes */${length}`).send();
      }
      // no Range, a malformed one (-2), or several parts (answered whole, as RFC 9110 allows)
      if (ranges === -2 || ranges.length !== 1 || ranges[0] === undefined) return reply.send(await read(0, length - 1));
      const { start, end } = ranges[0];
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${length}`)
        .send(await read(start, end));
    },
  );

  app.get(
    CALL_LOGS_PATH,
    {
      schema: {
        tags: ['voice'],
        params: lineParams,
        querystring: CallLogsQuerySchema,
        response: { 200: CallLogsPageSchema },
      },
      config: CPNI,
    },
    async (request) => voice.calls(authOf(request), request.params.lineId, request.query),
  );

  app.get(
    CALL_LOGS_EXPORT_PATH,
    { schema: { tags: ['voice'], params: lineParams, querystring: CallLogsExportQuerySchema }, config: CPNI },
    async (request, reply) => {
      const auth = authOf(request);
      // the file's language: the one asked for, else the user's, else English
      const locale = request.query.lang ?? localeOf((await identity.profile(auth)).language);
      const { name, file } = await voice.exportCalls(auth, request.params.lineId, request.query, locale);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  );

  app.get(
    VOICEMAIL_UNREAD_COUNT_PATH,
    {
      schema: {
        tags: ['voice'],
        params: z.object({ tn: LineNumberSchema }),
        response: { 200: UnreadCountResponseSchema },
      },
      config: CPNI,
    },
    async (request) => voice.unreadCount(authOf(request), request.params.tn),
  );

  app.get(
    VOICE_ASSIGNMENT_PATH,
    {
      schema: { tags: ['voice'], response: { 200: VoiceAssignmentResponseSchema } },
      config: { access: 'account.view' },
    },
    async (request) => voice.assignment(authOf(request)),
  );

  // spec §3/§4: the account summary's voice card, for every user of the account (the CPNI parts only for those with
  // access: voice.service.ts `card`)
  app.get(
    VOICE_CARD_PATH,
    { schema: { tags: ['voice'], response: { 200: VoiceCardResponseSchema } }, config: { access: 'account.view' } },
    async (request) => voice.card(authOf(request)),
  );
};
