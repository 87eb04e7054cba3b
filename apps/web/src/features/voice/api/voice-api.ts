import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALL_LOGS_EXPORT_PATH,
  CALL_LOGS_PATH,
  type CallDirection,
  type CallGuardSettings,
  CallGuardSettingsSchema,
  type CallLogsPage,
  CallLogsPageSchema,
  type CallRecord,
  type ForwardingSettings,
  ForwardingSettingsSchema,
  type SimulateCallRequest,
  type SimulationAnswer,
  SimulationResultSchema,
  VOICE_CALL_GUARD_PATH,
  VOICE_CARD_PATH,
  VOICE_FORWARDING_PATH,
  VOICE_LINE_PATH,
  VOICE_LINES_PATH,
  VOICE_MEDIA_PATH,
  VOICE_MESSAGE_PATH,
  VOICE_MESSAGES_PATH,
  VOICE_SIMULATE_PATH,
  type VoiceBox,
  VoiceCardResponseSchema,
  type VoiceLine,
  VoiceLineSchema,
  type VoiceLinesResponse,
  VoiceLinesResponseSchema,
  type VoiceLineUpdate,
  type VoiceMessage,
  VoiceMessageSchema,
  type VoiceMessagesPage,
  VoiceMessagesPageSchema,
  type VoiceMessageUpdate,
} from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type {
  CallDirection,
  CallGuardSettings,
  CallLogsPage,
  CallRecord,
  ForwardingSettings,
  SimulationAnswer,
  VoiceBox,
  VoiceLine,
  VoiceLinesResponse,
  VoiceMessage,
  VoiceMessagesPage,
};

/** Query keys of the voice manager (no other feature reads them). */
export const voiceKeys = {
  all: ['voice'] as const,
  lines: () => [...voiceKeys.all, 'lines'] as const,
  card: () => [...voiceKeys.all, 'card'] as const,
  messages: () => [...voiceKeys.all, 'messages'] as const,
  box: (lineId: string, box: VoiceBox, cursor: string | undefined) =>
    [...voiceKeys.messages(), { lineId, box, cursor }] as const,
  calls: (lineId: string, filter: CallFilter, cursor: string | undefined, limit?: number) =>
    [...voiceKeys.all, 'calls', { lineId, ...filter, cursor, limit }] as const,
  forwarding: (lineId: string) => [...voiceKeys.all, 'forwarding', lineId] as const,
  callGuard: (lineId: string) => [...voiceKeys.all, 'call-guard', lineId] as const,
};

const linePath = (template: string, lineId: string) => template.replace(':lineId', encodeURIComponent(lineId));

/** The call log's filters (wider-portal.md §6): a direction, and From and To days of the account's calendar. */
export type CallFilter = { direction?: CallDirection; from?: string; to?: string };

/** One keyset page of a line's calls, newest first (issue 19 item 5). */
export function useCallLogs(
  lineId: string | undefined,
  filter: CallFilter,
  cursor: string | undefined,
  limit?: number,
) {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.calls(lineId ?? '', filter, cursor, limit),
      queryFn: ({ signal }) =>
        apiRequest(withQuery(linePath(CALL_LOGS_PATH, lineId ?? ''), { ...filter, cursor, limit }), {
          schema: CallLogsPageSchema,
          signal,
        }),
      enabled: lineId !== undefined,
      placeholderData: keepPreviousData,
    }),
  );
}

/** The CSV of the same calls, in the reader's language (the server neutralises formula cells). */
export function callLogsExportUrl(lineId: string, filter: CallFilter, lang: string): string {
  return withQuery(linePath(CALL_LOGS_EXPORT_PATH, lineId), { ...filter, lang });
}

/** A line's name, caller-ID name or who answers it (issue 19 item 6); the lines are read again. */
export function useUpdateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, change }: { lineId: string; change: VoiceLineUpdate }) =>
      apiRequest(linePath(VOICE_LINE_PATH, lineId), { method: 'PATCH', body: change, schema: VoiceLineSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.lines() }),
  });
}

/** A line's forwarding settings (item 7) or Call Guard (item 8): read, and saved whole. */
function lineSettings<T>(kind: 'forwarding' | 'callGuard', path: string, schema: z.ZodType<T>) {
  const useRead = (lineId: string | undefined) =>
    useQuery(
      queryOptions({
        queryKey: voiceKeys[kind](lineId ?? ''),
        queryFn: ({ signal }) => apiRequest(linePath(path, lineId ?? ''), { schema, signal }),
        enabled: lineId !== undefined,
      }),
    );
  const useSave = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ lineId, settings }: { lineId: string; settings: T }) =>
        apiRequest(linePath(path, lineId), { method: 'PUT', body: settings, schema }),
      onSuccess: (saved, { lineId }) => queryClient.setQueryData(voiceKeys[kind](lineId), saved),
    });
  };
  return { useRead, useSave };
}

const forwarding = lineSettings<ForwardingSettings>('forwarding', VOICE_FORWARDING_PATH, ForwardingSettingsSchema);
const callGuard = lineSettings<CallGuardSettings>('callGuard', VOICE_CALL_GUARD_PATH, CallGuardSettingsSchema);
export const useForwarding = forwarding.useRead;
export const useSaveForwarding = forwarding.useSave;
export const useCallGuard = callGuard.useRead;
export const useSaveCallGuard = callGuard.useSave;

/** The rule simulator over the line's saved settings: "a call from this number at this time: what happens?" */
export function useSimulateCall() {
  return useMutation({
    mutationFn: ({ lineId, call }: { lineId: string; call: SimulateCallRequest }) =>
      apiRequest(linePath(VOICE_SIMULATE_PATH, lineId), { method: 'POST', body: call, schema: SimulationResultSchema }),
  });
}

/** The account's lines with their new-voicemail counts (issue 19 item 4). */
export function useVoiceLines() {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.lines(),
      queryFn: ({ signal }) => apiRequest(VOICE_LINES_PATH, { schema: VoiceLinesResponseSchema, signal }),
    }),
  );
}

/** The account summary's voice card for the signed-in user (spec §3, §4: the server applies the rules). */
export function useVoiceCard() {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.card(),
      queryFn: ({ signal }) => apiRequest(VOICE_CARD_PATH, { schema: VoiceCardResponseSchema, signal }),
    }),
  );
}

/** One keyset page of one box of a line's mailbox, newest first. */
export function useVoiceMessages(lineId: string | undefined, box: VoiceBox, cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.box(lineId ?? '', box, cursor),
      queryFn: ({ signal }) => {
        const path = linePath(VOICE_MESSAGES_PATH, lineId ?? '');
        return apiRequest(withQuery(path, { box, cursor }), { schema: VoiceMessagesPageSchema, signal });
      },
      enabled: lineId !== undefined,
      placeholderData: keepPreviousData,
    }),
  );
}

/** Where a message's audio or fax is (range requests: the audio element seeks with them); `download` saves it. */
export function mediaUrl(messageId: string, download = false): string {
  const path = VOICE_MEDIA_PATH.replace(':messageId', encodeURIComponent(messageId));
  return download ? `${path}?download=true` : path;
}

function updateMessage({ id, change }: { id: string; change: VoiceMessageUpdate }): Promise<VoiceMessage> {
  return apiRequest(VOICE_MESSAGE_PATH.replace(':messageId', encodeURIComponent(id)), {
    method: 'PATCH',
    body: change,
    schema: VoiceMessageSchema,
  });
}

/**
 * Marks a message heard or new, deletes or restores it. `inPlace` (playing a new voicemail, opening a fax): the
 * message stays where it is on the page (the player keeps playing) and its box, the box counts and the line's count
 * follow; otherwise the mailbox is read again (the message leaves the box it was in).
 */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; change: VoiceMessageUpdate; inPlace?: boolean }) => updateMessage(variables),
    onSuccess: (message, variables) => {
      if (variables.inPlace) {
        queryClient.setQueriesData<VoiceMessagesPage>({ queryKey: voiceKeys.messages() }, (page) => {
          const before = page?.items.find((item) => item.id === message.id);
          if (!page || !before || before.box === message.box) return page;
          return {
            ...page,
            items: page.items.map((item) => (item.id === message.id ? message : item)),
            counts: {
              ...page.counts,
              [before.box]: page.counts[before.box] - 1,
              [message.box]: page.counts[message.box] + 1,
            },
          };
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: voiceKeys.messages() });
      }
      void queryClient.invalidateQueries({ queryKey: voiceKeys.lines() });
      void queryClient.invalidateQueries({ queryKey: voiceKeys.card() });
    },
  });
}
