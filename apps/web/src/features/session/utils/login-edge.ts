import { LOGIN_EDGE_PATH } from '@vireo/shared';

/** The start of the OIDC sign-in (spec §7.1), carrying where to land afterwards. The server re-checks the target. */
export function loginEdgeUrl(targetUrl?: string | null): string {
  if (!targetUrl) return LOGIN_EDGE_PATH;
  return `${LOGIN_EDGE_PATH}?${new URLSearchParams({ targetUrl }).toString()}`;
}
