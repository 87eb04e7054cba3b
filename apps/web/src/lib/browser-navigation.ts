/**
 * Full-page navigations (the login edge, the post-login `redirectTo`, sign-out). One object, so that unit tests
 * replace `assign` with a spy instead of letting the test DOM try to load another document.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Leaves the app for `url` and never settles: a route guard awaits it, so the router keeps showing its pending state
 * while the browser loads the next document instead of rendering a page the user may not see.
 */
export function leavePage(url: string): Promise<never> {
  browserNavigation.assign(url);
  return new Promise<never>(() => undefined);
}
