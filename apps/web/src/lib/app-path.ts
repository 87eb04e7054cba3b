import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * A path of the portal's route tree (app/router.tsx registers the router with TanStack Router). A `to` kept in a
 * variable or a table is typed with this, never `string`: the router's own `to` accepts any `string`, so only a
 * literal or an `AppPath` makes a path that does not exist fail the type check (issue 15, ADR 019).
 */
export type AppPath = keyof RegisteredRouter['routesByPath'] & string;
