import { z } from 'zod';
import { LOCALES } from '../constants';
import { PORTAL_ROLES } from '../roles';
import { EmailAddressSchema, INVITED_ROLES } from './account-access';
import { pageOf } from './billing';
import { freeText } from './free-text';

/**
 * Users and roles (issue 18 item 5, wider-portal.md §4): an account's PRIMARY and ADMINs (`users.manage`) list its
 * users and invitations, invite with a role and an optional end of access, change roles, deactivate, reactivate and
 * remove users, and the PRIMARY transfers the Primary role to an active ADMIN. An ADMIN never acts on the PRIMARY;
 * nobody acts on themselves. Changing a role and transferring Primary need a step-up (STEP_UP_PATH, §3).
 */
export const USERS_PATH = '/api/pub/users/v1/users';
export const USER_PATH = `${USERS_PATH}/:userId`;
export const USER_ROLE_PATH = `${USER_PATH}/role`;
export const USER_ACCESS_PATH = `${USER_PATH}/access`;
export const USER_DEACTIVATE_PATH = `${USER_PATH}/deactivate`;
export const USER_REACTIVATE_PATH = `${USER_PATH}/reactivate`;
export const PRIMARY_TRANSFER_PATH = '/api/pub/users/v1/primary-transfer';
export const INVITATIONS_PATH = '/api/pub/users/v1/invitations';
export const INVITATION_PATH = `${INVITATIONS_PATH}/:invitationId`;
export const INVITATION_RESEND_PATH = `${INVITATION_PATH}/resend`;
/** The users page (and `/user-preferences/people` with the userPreferences flag on). */
export const USERS_PAGE = '/manage-users/list';

/**
 * wider-portal.md §3 step-up: the password again (a passkey later, issue 18 item 2) proves the person is still at the
 * keyboard; the session then counts as signed in now for STEP_UP_MINUTES. A wrong password counts toward the lockout.
 */
export const STEP_UP_PATH = '/api/pub/session/v1/step-up';
export const StepUpRequestSchema = z.strictObject({ password: z.string().min(1).max(1024) });
export type StepUpRequest = z.infer<typeof StepUpRequestSchema>;
export const StepUpResponseSchema = z.object({
  /** Until when dangerous actions go through without asking again. */
  validUntil: z.iso.datetime({ offset: true }),
});
export type StepUpResponse = z.infer<typeof StepUpResponseSchema>;

/** A user's standing in the list (wider-portal.md §4). An invitation not yet accepted is an Invitation, not a user. */
export const USER_STATUSES = ['active', 'deactivated'] as const;
export type ManagedUserStatus = (typeof USER_STATUSES)[number];

export const ManagedUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(PORTAL_ROLES),
  status: z.enum(USER_STATUSES),
  /** Time-boxed access: the user is deactivated then; null for lasting access. */
  accessEndsAt: z.iso.datetime({ offset: true }).nullable(),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  /** The signed-in user's own row (no actions on it). */
  isYou: z.boolean(),
  /** What the signed-in user may do to this user (the server's rules, so the page shows only what will work). */
  can: z.object({
    changeRole: z.boolean(),
    deactivate: z.boolean(),
    reactivate: z.boolean(),
    remove: z.boolean(),
    changeAccess: z.boolean(),
    /** Only the PRIMARY, only to an active ADMIN. */
    receivePrimary: z.boolean(),
  }),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;
export const UsersPageSchema = pageOf(ManagedUserSchema);
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** Name order (last, first), keyset-paged; `q` matches name, username or e-mail (case-insensitive, contains). */
export const UsersQuerySchema = z.strictObject({
  /** A search typed by a person: free text under the card-number rule. */
  q: freeText({ max: 100 }).optional(),
  status: z.enum(USER_STATUSES).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type UsersQuery = z.infer<typeof UsersQuerySchema>;

export const UserParamsSchema = z.strictObject({ userId: z.uuid() });

/** A change of role: any but PRIMARY, which is transferred (PRIMARY_TRANSFER_PATH). Needs a step-up. */
export const ChangeRoleRequestSchema = z.strictObject({ role: z.enum(INVITED_ROLES) });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequestSchema>;

/** The last day of a time-boxed access (in the account's time zone; the access ends at the end of it), or null. */
export const AccessEndSchema = z.iso.date().nullable();
export const ChangeAccessRequestSchema = z.strictObject({ accessEndsOn: AccessEndSchema });
export type ChangeAccessRequest = z.infer<typeof ChangeAccessRequestSchema>;

/** Only the PRIMARY, to an active ADMIN, after a step-up; the old PRIMARY becomes ADMIN (one transaction). */
export const PrimaryTransferRequestSchema = z.strictObject({ userId: z.uuid() });
export type PrimaryTransferRequest = z.infer<typeof PrimaryTransferRequestSchema>;

/** The answer of every change to a user but removal (204, no body): the user as it now is. */
export const ManagedUserResponseSchema = z.object({ user: ManagedUserSchema });
export type ManagedUserResponse = z.infer<typeof ManagedUserResponseSchema>;

export const INVITATION_STATUSES = ['pending', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(INVITED_ROLES),
  status: z.enum(INVITATION_STATUSES),
  sentAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  accessEndsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Who sent it (names only); null once that user is gone. */
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
/** Pending and expired invitations, newest first, keyset-paged. */
export const InvitationsPageSchema = pageOf(InvitationSchema);
export type InvitationsPage = z.infer<typeof InvitationsPageSchema>;
export const InvitationsQuerySchema = z.strictObject({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type InvitationsQuery = z.infer<typeof InvitationsQuerySchema>;
export const InvitationParamsSchema = z.strictObject({ invitationId: z.uuid() });

export const InviteRequestSchema = z.strictObject({
  email: EmailAddressSchema,
  firstName: freeText({ max: 50 }),
  lastName: freeText({ max: 50 }),
  role: z.enum(INVITED_ROLES),
  /** Time-boxed access (optional): today + 1 day to today + ACCESS_END_MAX_DAYS. */
  accessEndsOn: z.optional(AccessEndSchema),
  /** The invited person's language: the e-mail's, then their portal's. */
  language: z.enum(LOCALES),
});
export type InviteRequest = z.infer<typeof InviteRequestSchema>;
export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;
