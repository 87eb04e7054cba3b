import { type ComponentType, useEffect, useState } from 'react';

/** After this long on a page, its dialogs' code is fetched in the background, so that opening one is instant. */
const PREFETCH_DELAY_MS = 3_000;

/**
 * A modal dialog whose code (react-aria's overlays, focus management and press handling, ~25 kB gzipped) is not part
 * of the page's first load: nothing renders until the dialog is first opened, and the module is fetched in the
 * background shortly after the page appears. Once loaded, the dialog renders at once and stays mounted, so opening
 * and closing behave as when it was imported directly (focus moves in, and returns to what opened it).
 * No Suspense: a suspended dialog would appear only after React's fallback throttle (300 ms).
 */
export function lazyDialog<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchDialog = () => {
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

  function LazyDialog(props: P) {
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => (props.isOpen ? loaded : null));
    const wanted = props.isOpen || Dialog !== null;

    useEffect(() => {
      if (loaded) return;
      const timer = window.setTimeout(() => void fetchDialog().catch(() => undefined), PREFETCH_DELAY_MS);
      return () => window.clearTimeout(timer);
    }, []);

    useEffect(() => {
      if (!wanted || Dialog) return;
      if (loaded) {
        setDialog(() => loaded);
        return;
      }
      let current = true;
      fetchDialog().then(
        (component) => {
          if (current) setDialog(() => component);
        },
        // A failed chunk: the dialog stays closed; the next open tries again.
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [wanted, Dialog]);

    // A dialog whose code is already here opens in the same render as before.
    const Current = Dialog ?? (props.isOpen ? loaded : null);
    return Current ? <Current {...props} /> : null;
  }
  return LazyDialog;
}
