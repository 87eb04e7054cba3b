import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_ATTACHMENTS_PATH,
  SUPPORT_TICKET_CONTEXT_PATH,
  SUPPORT_TICKET_STATUS_PATH,
  SUPPORT_TICKETS_PATH,
  type SupportAttachment,
  SupportAttachmentSchema,
  type SupportContext,
  SupportContextSchema,
  type SupportTicket,
  SupportTicketCreatedSchema,
  SupportTicketListSchema,
  type SupportTicketRequest,
  SupportTicketSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { visitorPost } from '../../../lib/visitor-request';
import { withQuery } from '../../../lib/with-query';

export type { SupportAttachment, SupportContext, SupportTicket };

const ticketKeys = {
  all: ['support', 'tickets'] as const,
  list: () => [...ticketKeys.all, 'list'] as const,
  context: () => [...ticketKeys.all, 'context'] as const,
  status: (token: string) => [...ticketKeys.all, 'status', token] as const,
};

/** One file, sent as its bytes; the server says what it is by its content, or refuses it with the reason. */
export function uploadAttachment(file: File, signedIn: boolean): Promise<SupportAttachment> {
  const path = withQuery(SUPPORT_ATTACHMENTS_PATH, { name: file.name });
  return signedIn
    ? apiRequest(path, { method: 'POST', body: file, schema: SupportAttachmentSchema })
    : visitorPost(path, file, SupportAttachmentSchema);
}

/** Sends the ticket (a visitor's with the anti-forgery pair); the user's list is read again after. */
export function useCreateTicket(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SupportTicketRequest) =>
      signedIn
        ? apiRequest(SUPPORT_TICKETS_PATH, { method: 'POST', body: request, schema: SupportTicketCreatedSchema })
        : visitorPost(SUPPORT_TICKETS_PATH, request, SupportTicketCreatedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
  });
}

/** The signed-in user's tickets, newest first, a page at a time. */
export function useTickets(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(withQuery(SUPPORT_TICKETS_PATH, { cursor: pageParam }), { schema: SupportTicketListSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

/** What the ticket would carry with consent: asked for when the person looks at it, never before. */
export function useTicketContext(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.context(),
    queryFn: ({ signal }) =>
      apiRequest(SUPPORT_TICKET_CONTEXT_PATH, {
        schema: SupportContextSchema,
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
}

/** The ticket a visitor's status link names. */
export function useTicketStatus(token: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.status(token ?? ''),
    queryFn: ({ signal }) => visitorPost(SUPPORT_TICKET_STATUS_PATH, { token }, SupportTicketSchema, { signal }),
    enabled: token !== undefined,
    retry: false,
  });
}
