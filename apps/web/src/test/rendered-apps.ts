import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';

type RenderedApp = { router?: AnyRouter; queryClient: QueryClient };

const rendered = new Set<RenderedApp>();

/** render-app.tsx, render-with-providers.tsx: the query client (and the router) of what a test rendered. */
export function trackRenderedApp(app: RenderedApp) {
  rendered.add(app);
}

/**
 * After cleanup() (setup.ts), work the unmounted app left behind must not reach React once the test file's DOM is
 * gone (React reads `window.event` and throws "window is not defined", an unhandled error that fails the run):
 * - a navigation still loading when its test ended (one leaving the page, whose guard never settles: leavePage)
 *   keeps the router's timer for the pending page: the routers' transitions no longer reach React;
 * - react-query hands an answer to its subscribers on the next macrotask (notifyManager), also to a component
 *   unmounted meanwhile: the caches are emptied and that macrotask runs now;
 * - React's scheduler runs a commit's follow-up work in a `setImmediate` task: it runs now too.
 */
export async function detachRenderedApps() {
  for (const { router, queryClient } of rendered) {
    if (router) {
      router.startTransition = (fn) => {
        fn();
        return Promise.resolve(false);
      };
    }
    queryClient.clear();
  }
  rendered.clear();
  // two turns of the event loop's timers: Node runs the `setImmediate` tasks queued before between them
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}
