import {
  CALL_DIRECTIONS,
  CALL_LOGS_PATH,
  CallLogsQuerySchema,
  LineNumberSchema,
  VOICE_BOXES,
  VOICE_LINES_PATH,
  VOICE_MESSAGE_PATH,
  VOICE_MESSAGES_PATH,
  VOICEMAIL_UNREAD_COUNT_PATH,
  VoiceMessagesQuerySchema,
  VoiceMessageUpdateSchema,
} from '@vireo/shared';
import type { GraphQLSchema } from 'graphql';
import { z } from 'zod';
import type { VoiceService } from '../voice/voice.service';
import {
  argsOf,
  type FieldAccess,
  given,
  newBuilder,
  PAGE_ARG_NAMES,
  type PageInfo,
  pageInfoOf,
  pageInfoRef,
  readerOf,
} from './fields';

/**
 * Each field of `/selfservice/vox-con/graphql` (spec §7.2, the voice endpoint) with the REST route it mirrors: all are
 * CPNI (spec §2.1, ADR 008), for a role that may manage voice; another business's line is NOT_FOUND, as on REST.
 */
export const VOICE_FIELDS = {
  voiceLines: { access: 'voice.manage', mirrors: `GET ${VOICE_LINES_PATH}` },
  voicemails: { access: 'voice.manage', mirrors: `GET ${VOICE_MESSAGES_PATH}` },
  callLogs: { access: 'voice.manage', mirrors: `GET ${CALL_LOGS_PATH}` },
  unreadCount: { access: 'voice.manage', mirrors: `GET ${VOICEMAIL_UNREAD_COUNT_PATH}` },
} as const satisfies Record<string, FieldAccess>;

/**
 * The voice endpoint's mutations (issue 23 item 5), each calling the voice service as its REST route does: the same
 * CPNI capability, another business's record NOT_FOUND, the audit entry written by the service.
 */
export const VOICE_MUTATIONS = {
  updateVoicemail: { access: 'voice.manage', mirrors: `PATCH ${VOICE_MESSAGE_PATH}` },
} as const satisfies Record<string, FieldAccess>;

const LineIdSchema = z.strictObject({ lineId: z.uuid() });
const MessageIdSchema = z.strictObject({ messageId: z.uuid() });

/**
 * The voice endpoint's schema: the account's lines, a line's voicemails and call logs, a number's unread count; a
 * voicemail marked heard or unheard, deleted or restored.
 */
export function buildVoiceSchema({ voice }: { voice: VoiceService }): GraphQLSchema {
  const builder = newBuilder();
  const PageInfoRef = pageInfoRef(builder);
  const Box = builder.enumType('VoiceBox', { values: VOICE_BOXES });
  const Direction = builder.enumType('CallDirection', { values: CALL_DIRECTIONS });

  type Line = Awaited<ReturnType<VoiceService['lines']>>['lines'][number];
  const VoiceLine = builder.objectRef<Line>('VoiceLine');
  VoiceLine.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      number: t.exposeString('number'),
      label: t.exposeString('label'),
      callerIdName: t.exposeString('callerIdName', { nullable: true }),
      /** null when the voice platform did not answer (as REST). */
      unreadCount: t.exposeInt('unreadCount', { nullable: true }),
      switchType: t.exposeString('switchType', { nullable: true }),
    }),
  });

  type Page = Awaited<ReturnType<VoiceService['messages']>>;
  const Voicemail = builder.objectRef<Page['items'][number]>('Voicemail');
  Voicemail.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      kind: t.exposeString('kind'),
      from: t.exposeString('from', { nullable: true }),
      callerName: t.exposeString('callerName', { nullable: true }),
      receivedAt: t.exposeString('receivedAt'),
      durationSeconds: t.exposeInt('durationSeconds', { nullable: true }),
      pages: t.exposeInt('pages', { nullable: true }),
      box: t.field({ type: Box, resolve: (message) => message.box }),
    }),
  });
  const BoxCounts = builder.objectRef<Page['counts']>('VoiceBoxCounts');
  BoxCounts.implement({
    fields: (t) => ({ new: t.exposeInt('new'), saved: t.exposeInt('saved'), deleted: t.exposeInt('deleted') }),
  });
  const VoicemailConnection = builder.objectRef<{ nodes: Page['items']; pageInfo: PageInfo; counts: Page['counts'] }>(
    'VoicemailConnection',
  );
  VoicemailConnection.implement({
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [Voicemail] }),
      pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
      counts: t.expose('counts', { type: BoxCounts }),
    }),
  });

  type Calls = Awaited<ReturnType<VoiceService['calls']>>;
  const Call = builder.objectRef<Calls['items'][number]>('Call');
  Call.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      direction: t.field({ type: Direction, resolve: (call) => call.direction }),
      number: t.exposeString('number', { nullable: true }),
      name: t.exposeString('name', { nullable: true }),
      startedAt: t.exposeString('startedAt'),
      durationSeconds: t.exposeInt('durationSeconds'),
      blockReason: t.exposeString('blockReason', { nullable: true }),
    }),
  });
  const CallConnection = builder.objectRef<{ nodes: Calls['items']; pageInfo: PageInfo }>('CallConnection');
  CallConnection.implement({
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [Call] }),
      pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
    }),
  });

  builder.queryType({
    fields: (t) => ({
      voiceLines: t.field({
        type: [VoiceLine],
        resolve: async (_root, _args, context) => (await voice.lines(readerOf(context, VOICE_FIELDS.voiceLines))).lines,
      }),
      voicemails: t.field({
        type: VoicemailConnection,
        args: {
          lineId: t.arg.id({ required: true }),
          box: t.arg({ type: Box, required: false }),
          first: t.arg.int({ required: false, description: '1-100' }),
          after: t.arg.string({ required: false }),
        },
        resolve: async (_root, args, context) => {
          const reader = readerOf(context, VOICE_FIELDS.voicemails);
          const { lineId } = argsOf(LineIdSchema, { lineId: String(args.lineId) });
          const query = argsOf(
            VoiceMessagesQuerySchema,
            given({ box: args.box, limit: args.first, cursor: args.after }),
            PAGE_ARG_NAMES,
          );
          const page = await voice.messages(reader, lineId, query);
          return { nodes: page.items, pageInfo: pageInfoOf(page), counts: page.counts };
        },
      }),
      callLogs: t.field({
        type: CallConnection,
        args: {
          lineId: t.arg.id({ required: true }),
          direction: t.arg({ type: Direction, required: false }),
          from: t.arg.string({ required: false, description: 'YYYY-MM-DD, the account’s calendar' }),
          to: t.arg.string({ required: false }),
          first: t.arg.int({ required: false, description: '1-100' }),
          after: t.arg.string({ required: false }),
        },
        resolve: async (_root, args, context) => {
          const reader = readerOf(context, VOICE_FIELDS.callLogs);
          const { lineId } = argsOf(LineIdSchema, { lineId: String(args.lineId) });
          const query = argsOf(
            CallLogsQuerySchema,
            given({ direction: args.direction, from: args.from, to: args.to, limit: args.first, cursor: args.after }),
            PAGE_ARG_NAMES,
          );
          const page = await voice.calls(reader, lineId, query);
          return { nodes: page.items, pageInfo: pageInfoOf(page) };
        },
      }),
      unreadCount: t.int({
        description: 'New voicemails of one of the account’s numbers (10 digits).',
        args: { tn: t.arg.string({ required: true }) },
        resolve: async (_root, args, context) => {
          const reader = readerOf(context, VOICE_FIELDS.unreadCount);
          const { tn } = argsOf(z.strictObject({ tn: LineNumberSchema }), { tn: args.tn });
          return (await voice.unreadCount(reader, tn)).unreadCount;
        },
      }),
    }),
  });
  builder.mutationType({
    fields: (t) => ({
      updateVoicemail: t.field({
        type: Voicemail,
        description: 'Marks a voicemail heard or not, deletes it or restores it (at least one of heard, deleted).',
        args: {
          id: t.arg.id({ required: true }),
          heard: t.arg.boolean({ required: false }),
          deleted: t.arg.boolean({ required: false }),
        },
        resolve: async (_root, args, context) => {
          const reader = readerOf(context, VOICE_MUTATIONS.updateVoicemail);
          const { messageId } = argsOf(MessageIdSchema, { messageId: String(args.id) }, { messageId: 'id' });
          const change = argsOf(VoiceMessageUpdateSchema, given({ heard: args.heard, deleted: args.deleted }));
          return voice.updateMessage({ ...reader, requestId: context.requestId }, messageId, change);
        },
      }),
    }),
  });
  return builder.toSchema();
}
