import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ChangeAccessRequest,
  type ChangeRoleRequest,
  INVITATION_PATH,
  INVITATION_RESEND_PATH,
  INVITATIONS_PATH,
  type Invitation,
  InvitationResponseSchema,
  type InvitationsPage,
  InvitationsPageSchema,
  type InviteRequest,
  type ManagedUser,
  ManagedUserResponseSchema,
  type ManagedUserStatus,
  PRIMARY_TRANSFER_PATH,
  USER_ACCESS_PATH,
  USER_DEACTIVATE_PATH,
  USER_PATH,
  USER_REACTIVATE_PATH,
  USER_ROLE_PATH,
  type UsersPage,
} from '@vireo/shared';
import { z } from 'zod';
import { type UsersFilter, usersListOptions } from '../../../entities/api/find-users';
import { usersKeys } from '../../../entities/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export { findUsers, type UsersFilter } from '../../../entities/api/find-users';
export type { Invitation, InvitationsPage, InviteRequest, ManagedUser, ManagedUserStatus, UsersPage };

/** Query keys of the users page (the list's are the entity's: the voice lines read it too). */
export const userKeys = {
  ...usersKeys,
  invitations: (cursor: string | undefined) => [...usersKeys.all, 'invitations', { cursor }] as const,
};

const userPath = (template: string, userId: string) => template.replace(':userId', encodeURIComponent(userId));
const invitationPath = (template: string, invitationId: string) =>
  template.replace(':invitationId', encodeURIComponent(invitationId));

export function useUsers(filter: UsersFilter) {
  return useQuery(usersListOptions(filter));
}

/** Pending and expired invitations, newest first, a keyset page at a time. */
export function findInvitations(cursor: string | undefined, signal?: AbortSignal): Promise<InvitationsPage> {
  return apiRequest(withQuery(INVITATIONS_PATH, { cursor }), { schema: InvitationsPageSchema, signal });
}

export function useInvitations(cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: userKeys.invitations(cursor),
      queryFn: ({ signal }) => findInvitations(cursor, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

const toUser = ({ user }: { user: ManagedUser }) => user;

/** A new role (not PRIMARY: that is a transfer). Needs a step-up, which the API client asks for. */
export function changeRole(userId: string, request: ChangeRoleRequest): Promise<ManagedUser> {
  return apiRequest(userPath(USER_ROLE_PATH, userId), {
    method: 'PUT',
    body: request,
    schema: ManagedUserResponseSchema,
  }).then(toUser);
}

/** The last day of access (YYYY-MM-DD) or null for lasting access. */
export function changeAccess(userId: string, request: ChangeAccessRequest): Promise<ManagedUser> {
  return apiRequest(userPath(USER_ACCESS_PATH, userId), {
    method: 'PUT',
    body: request,
    schema: ManagedUserResponseSchema,
  }).then(toUser);
}

export function deactivateUser(userId: string): Promise<ManagedUser> {
  return apiRequest(userPath(USER_DEACTIVATE_PATH, userId), { method: 'POST', schema: ManagedUserResponseSchema }).then(
    toUser,
  );
}

export function reactivateUser(userId: string): Promise<ManagedUser> {
  return apiRequest(userPath(USER_REACTIVATE_PATH, userId), { method: 'POST', schema: ManagedUserResponseSchema }).then(
    toUser,
  );
}

/**
 * Removes the sign-in; payment methods, scheduled payments and Auto Pay stay with the account. The server answers 204
 * (there is no user left to show), so the answer is the user as the list had them.
 */
export async function removeUser(user: ManagedUser): Promise<ManagedUser> {
  await apiRequest(userPath(USER_PATH, user.id), { method: 'DELETE', schema: z.unknown() });
  return user;
}

/** The Primary role to an active ADMIN; the signed-in PRIMARY becomes an ADMIN. Needs a step-up. */
export function transferPrimary(userId: string): Promise<ManagedUser> {
  return apiRequest(PRIMARY_TRANSFER_PATH, {
    method: 'POST',
    body: { userId },
    schema: ManagedUserResponseSchema,
  }).then(toUser);
}

export function createInvitation(request: InviteRequest): Promise<Invitation> {
  return apiRequest(INVITATIONS_PATH, { method: 'POST', body: request, schema: InvitationResponseSchema }).then(
    ({ invitation }) => invitation,
  );
}

/** A new link with a new expiry; the old link stops working. */
export function resendInvitation(invitationId: string): Promise<Invitation> {
  return apiRequest(invitationPath(INVITATION_RESEND_PATH, invitationId), {
    method: 'POST',
    schema: InvitationResponseSchema,
  }).then(({ invitation }) => invitation);
}

/** 204: the invitation and its link are gone. */
export async function deleteInvitation(invitationId: string): Promise<void> {
  await apiRequest(invitationPath(INVITATION_PATH, invitationId), { method: 'DELETE', schema: z.unknown() });
}
