import { API_ROUTE_TEMPLATES } from '@vireo/shared/api-routes';

/**
 * spec §7.3: a call is recorded by its route template (`/api/pub/billing/v1/statements/:statementId`), never by its
 * path with ids. The templates are the server's own (packages/shared/src/api-routes.ts, generated from the live
 * routes); where two match (`/users/invitations` and `/users/:userId`), the one with more fixed segments wins, as in
 * the server's router.
 */
type Compiled = { method: string; path: string; segments: string[]; fixed: number };

let compiled: Compiled[] | null = null;

function compile(): Compiled[] {
  compiled ??= API_ROUTE_TEMPLATES.map((template) => {
    const [method = '', path = ''] = template.split(' ');
    const segments = path.split('/');
    return { method, path, segments, fixed: segments.filter((segment) => !segment.startsWith(':')).length };
  });
  return compiled;
}

/** The template of `method pathname`, or null when the server has no such route. */
export function matchApiRoute(method: string, pathname: string): string | null {
  const parts = pathname.split('/');
  let best: Compiled | null = null;
  for (const route of compile()) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const matches = route.segments.every(
      (segment, index) => segment === parts[index] || (segment.startsWith(':') && (parts[index] ?? '') !== ''),
    );
    if (matches && (!best || route.fixed > best.fixed)) best = route;
  }
  return best?.path ?? null;
}
