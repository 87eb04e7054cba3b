import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type NavigationEvent, nextLoadingIndicator } from './layout-rules';

export type LoadingIndicatorControls = {
  /** A page that kept the indicator on (spec §4: /security-suite) turns it off once its content is ready. */
  hide: () => void;
  /** A navigation failed (spec §4: off on error). */
  reportError: () => void;
};

const NOOP: LoadingIndicatorControls = { hide: () => undefined, reportError: () => undefined };
export const LoadingIndicatorContext = createContext<LoadingIndicatorControls>(NOOP);

export function useLoadingIndicatorControls(): LoadingIndicatorControls {
  return useContext(LoadingIndicatorContext);
}

/** Drives the indicator from the router's events through the spec §4 rules (layout-rules.ts). */
export function useLoadingIndicator(): [visible: boolean, controls: LoadingIndicatorControls] {
  const router: AnyRouter = useRouter();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const apply = (event: NavigationEvent) => setVisible((current) => nextLoadingIndicator(current, event));
    const unsubscribeStart = router.subscribe('onBeforeNavigate', (event) =>
      apply({ type: 'start', pathname: event.toLocation.pathname }),
    );
    const unsubscribeEnd = router.subscribe('onResolved', (event) =>
      apply({ type: 'end', pathname: event.toLocation.pathname }),
    );
    return () => {
      unsubscribeStart();
      unsubscribeEnd();
    };
  }, [router]);

  const controls = useMemo<LoadingIndicatorControls>(
    () => ({
      hide: () => setVisible(false),
      reportError: () => setVisible((current) => nextLoadingIndicator(current, { type: 'error' })),
    }),
    [],
  );
  return [visible, controls];
}

/**
 * The indicator: a bar across the top of the viewport. Decorative (aria-hidden): assistive technology learns about
 * loading from `aria-busy` on <main> and from the page's own status messages. It appears after a short delay, so
 * instant navigations do not flash it, and it never moves content (fixed position).
 */
export function LoadingBar({ visible }: { visible: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="loading-indicator"
      data-visible={visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-40 h-1 overflow-hidden opacity-0 transition-opacity delay-150 data-[visible=true]:opacity-100"
    >
      {/* animated only while shown: an endless animation under opacity 0 still redraws the page 60 times a second */}
      <div className={`h-full w-1/3 bg-brand-500 ${visible ? 'motion-safe:animate-loading-bar' : ''}`} />
    </div>
  );
}
