import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VOICE_LINES_PATH,
  VOICE_MEDIA_PATH,
  VOICE_MESSAGE_PATH,
  VOICE_MESSAGES_PATH,
  type VoiceBox,
  type VoiceLine,
  type VoiceLinesResponse,
  VoiceLinesResponseSchema,
  type VoiceMessage,
  VoiceMessageSchema,
  type VoiceMessagesPage,
  VoiceMessagesPageSchema,
  type VoiceMessageUpdate,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { VoiceBox, VoiceLine, VoiceLinesResponse, VoiceMessage, VoiceMessagesPage };

/** Query keys of the voice manager (no other feature reads them). */
export const voiceKeys = {
  all: ['voice'] as const,
  lines: () => [...voiceKeys.all, 'lines'] as const,
  messages: () => [...voiceKeys.all, 'messages'] as const,
  box: (lineId: string, box: VoiceBox, cursor: string | undefined) =>
    [...voiceKeys.messages(), { lineId, box, cursor }] as const,
};

/** The account's lines with their new-voicemail counts (issue 19 item 4). */
export function useVoiceLines() {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.lines(),
      queryFn: ({ signal }) => apiRequest(VOICE_LINES_PATH, { schema: VoiceLinesResponseSchema, signal }),
    }),
  );
}

/** One keyset page of one box of a line's mailbox, newest first. */
export function useVoiceMessages(lineId: string | undefined, box: VoiceBox, cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: voiceKeys.box(lineId ?? '', box, cursor),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ box });
        if (cursor) params.set('cursor', cursor);
        const path = VOICE_MESSAGES_PATH.replace(':lineId', encodeURIComponent(lineId ?? ''));
        return apiRequest(`${path}?${params}`, { schema: VoiceMessagesPageSchema, signal });
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
    },
  });
}
