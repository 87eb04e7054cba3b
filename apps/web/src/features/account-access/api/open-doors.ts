import {
  AcceptInvitationResponseSchema,
  EmailSentResponseSchema,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_RENEW_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  LinkStatusResponseSchema,
  LinkVerifyResponseSchema,
  type Locale,
  PASSWORD_CHECK_PATH,
  type PasswordCheckRequest,
  PasswordCheckResponseSchema,
  RECOVER_PASSWORD_PATH,
  RECOVER_USERNAME_PATH,
  REGISTRATION_PATH,
  type RegistrationRequest,
  ResetPasswordResponseSchema,
} from '@vireo/shared';
import { visitorPost } from '../../../lib/visitor-request';

/**
 * The open doors' API (issue 17, wider-portal.md §1; server: modules/identity/account-access.routes.ts): every call a
 * visitor's POST (lib/visitor-request.ts). Tokens travel in bodies, never in addresses the API sees.
 */
export function checkPassword(body: PasswordCheckRequest, signal?: AbortSignal) {
  return visitorPost(PASSWORD_CHECK_PATH, body, PasswordCheckResponseSchema, { signal });
}

export function register(body: RegistrationRequest) {
  return visitorPost(REGISTRATION_PATH, body, EmailSentResponseSchema);
}

export type RecoveryKind = 'username' | 'password';

export function recover(kind: RecoveryKind, body: { email: string; language: Locale }) {
  return visitorPost(
    kind === 'username' ? RECOVER_USERNAME_PATH : RECOVER_PASSWORD_PATH,
    body,
    EmailSentResponseSchema,
  );
}

/** What a link is and whether it still works; acts on nothing (mail scanners open links). */
export function linkStatus(token: string) {
  return visitorPost(LINK_STATUS_PATH, { token }, LinkStatusResponseSchema);
}

export function verifyLink(token: string) {
  return visitorPost(LINK_VERIFY_PATH, { token }, LinkVerifyResponseSchema);
}

export function resetPassword(token: string, password: string) {
  return visitorPost(LINK_RESET_PASSWORD_PATH, { token, password }, ResetPasswordResponseSchema);
}

export function renewLink(token: string, language: Locale) {
  return visitorPost(LINK_RENEW_PATH, { token, language }, EmailSentResponseSchema);
}

/** Accepts an invitation: the new user, signed in (the answer sets the session cookies of a sign-in). */
export function acceptInvitation(body: { token: string; username: string; password: string }) {
  return visitorPost(LINK_ACCEPT_INVITATION_PATH, body, AcceptInvitationResponseSchema);
}
