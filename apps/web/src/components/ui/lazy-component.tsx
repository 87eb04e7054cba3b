import { type ComponentType, useEffect, useState } from 'react';

/**
 * After this long on a page, the code of what it shows later (a next step, a result) is fetched in the background:
 * after the first render and its data, well before a user is through a step.
 */
const PREFETCH_DELAY_MS = 1_000;

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading the code now (e.g. when the user submits, so that the result is there with the answer). */
  prefetch: () => void;
  /**
   * Resolves once the code is here (or could not load: rendering then throws to the error boundary). Showing the
   * component only then makes the change one render, as with a static import: the previous view stays until the next
   * one can replace it, and the next one's focus handling runs after the previous one's clean-up.
   */
  ready: () => Promise<void>;
  /** Whether the code is here, so that the component renders in the same render. */
  isLoaded: () => boolean;
};

/**
 * A component whose code is a chunk of its own, for what a page shows only later (a payment's review step or its
 * result), so that it is not part of the page's first load. Until the chunk is here it renders nothing; once it is,
 * it renders at once, without Suspense (whose fallback React holds for 300 ms). A chunk that cannot load throws to
 * the route's error boundary, as a failed route chunk does.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchComponent = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Component) return;
      let current = true;
      fetchComponent().then(
        (component) => {
          if (current) setComponent(() => component);
        },
        (error: unknown) => {
          if (current) setFailure({ error });
        },
      );
      return () => {
        current = false;
      };
    }, [Component]);
    if (failure) throw failure.error;
    const Current = Component ?? loaded;
    return Current ? <Current {...props} /> : null;
  }

  const ready = () =>
    fetchComponent().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Lazy, { prefetch: () => void ready(), ready, isLoaded: () => loaded !== null });
}

/** Fetches these components' code in the background shortly after the calling component mounts. */
export function usePrefetch(...components: readonly Pick<LazyComponent<never>, 'prefetch'>[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the components are module-level constants.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const component of components) component.prefetch();
    }, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
