import { containsCardNumber, DEFAULT_TARGET_URL, safeTargetUrl } from '@vireo/shared';

/**
 * The post-login target the login edge keeps and redirects to: `safeTargetUrl` (same-origin paths only, spec §2.3),
 * and no card number, which would be kept with the sign-in transaction and logged (issue 14 item 6). The check lives
 * here, not in the shared `safeTargetUrl`, so the card-number detector stays out of the web app's entry chunk.
 */
export function safeSignInTarget(value: unknown): string {
  const target = safeTargetUrl(value);
  return containsCardNumber(target) ? DEFAULT_TARGET_URL : target;
}
