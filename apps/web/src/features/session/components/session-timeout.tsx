import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { signOut } from '../api/logout';
import { pingSession } from '../api/ping-session';
import {
  createSessionTimeout,
  type SessionClock,
  type SessionTimeoutController,
  type SessionTimeoutState,
} from '../utils/session-timeout';

/** What counts as activity (spec §4: pointer, keyboard or scroll in the last interval). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * The dialog (react-aria's modal and focus management) is needed after 13 idle minutes at the earliest, so it is not
 * part of the first load: it is fetched in the background shortly after sign-in, and rendered when it is due.
 */
const loadDialog = () => import('./session-timeout-dialog');
const SessionTimeoutDialog = lazy(() => loadDialog().then((module) => ({ default: module.SessionTimeoutDialog })));
const DIALOG_PREFETCH_DELAY_MS = 5_000;

/** Mounted while a user is signed in: keep-alive pings, the idle warning and the automatic sign-out. */
export function SessionTimeout({ clock }: { clock?: SessionClock }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionTimeoutState>({ phase: 'active' });
  const [signingOut, setSigningOut] = useState(false);
  const controllerRef = useRef<SessionTimeoutController | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => void loadDialog().catch(() => undefined), DIALOG_PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const controller = createSessionTimeout({
      ping: pingSession,
      onChange: setState,
      onExpire: () => {
        setSigningOut(true);
        void signOut(queryClient);
      },
      clock,
    });
    controllerRef.current = controller;
    controller.start();
    const onActivity = () => controller.recordActivity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      controller.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [queryClient, clock]);

  const onSignOut = () => {
    if (signingOut) return;
    setSigningOut(true);
    controllerRef.current?.stop();
    void signOut(queryClient);
  };

  if (state.phase !== 'warning') return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog
        isOpen
        secondsLeft={state.secondsLeft}
        isSigningOut={signingOut}
        onStaySignedIn={() => void controllerRef.current?.staySignedIn()}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
}
