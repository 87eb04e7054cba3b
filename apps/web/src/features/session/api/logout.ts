import type { QueryClient } from '@tanstack/react-query';
import { AppError, COOKIES, LOGOUT_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { browserNavigation } from '../../../lib/browser-navigation';
import { clearSignedInClientData } from '../../../lib/client-storage';
import { expireCookie } from '../../../lib/cookies';

/** spec §2.2 / §7.1: after sign-out the browser goes to the sign-in screen with the signed-out notice. */
export const SIGNED_OUT_PATH = '/login?loggedOut=true';

/** Forgets everything the client knows about the signed-in user (spec §3: `vas` and member details). */
export function forgetSignedInUser(queryClient: QueryClient): void {
  clearSignedInClientData();
  expireCookie(COOKIES.indicator);
  queryClient.clear();
}

/**
 * spec §7.1: POST logout, then /login?loggedOut=true. The client forgets the user even when the call fails (the
 * server ends idle sessions by itself); maintenance already navigated to /maintenance, so it stops there.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest(LOGOUT_PATH, { method: 'POST', schema: z.unknown(), reportUnauthenticated: false });
  } catch (error) {
    if (AppError.is(error) && error.code === 'IN_MAINTENANCE') return;
  }
  forgetSignedInUser(queryClient);
  browserNavigation.assign(SIGNED_OUT_PATH);
}
