import { useMatches } from '@tanstack/react-router';

/** spec §2.4: the header comes in a dark and a light theme, chosen per route. */
export type HeaderTheme = 'dark' | 'light';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** spec §2.4 header route data; more settings (simple, buy-flow, back link) arrive with their screens. */
    header?: { theme?: HeaderTheme };
  }
}

const DEFAULT_HEADER_THEME: HeaderTheme = 'dark';

/** The deepest matched route that sets a theme wins. */
export function useHeaderTheme(): HeaderTheme {
  return useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.header?.theme)?.staticData.header?.theme ?? DEFAULT_HEADER_THEME,
  });
}
