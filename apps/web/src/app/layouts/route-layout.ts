import { type StaticDataRouteOption, useRouter, useRouterState } from '@tanstack/react-router';

const NO_STATIC_DATA: StaticDataRouteOption = {};

/**
 * The deepest matched route's static data (header settings, flow, narrow, title). The route id is selected, not the
 * data itself, so the selector returns a stable value; the data is the route's own (unchanging) options object.
 */
export function useRouteStaticData(): StaticDataRouteOption {
  const router = useRouter();
  const routeId = useRouterState({ select: (state): string | undefined => state.matches.at(-1)?.routeId });
  if (!routeId) return NO_STATIC_DATA;
  return (
    (router.routesById as Record<string, { options: { staticData?: StaticDataRouteOption } }>)[routeId]?.options
      .staticData ?? NO_STATIC_DATA
  );
}
