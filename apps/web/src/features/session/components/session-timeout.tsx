import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { signOut } from '../api/logout';
import { pingSession } from '../api/ping-session';
import {
  createSessionTimeout,
  type SessionClock,
  type SessionTimeoutController,
  type SessionTimeoutState,
} from '../utils/session-timeout';
import { SessionTimeoutDialog } from './session-timeout-dialog';

/** What counts as activity (spec §4: pointer, keyboard or scroll in the last interval). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Mounted while a user is signed in: keep-alive pings, the idle warning and the automatic sign-out. */
export function SessionTimeout({ clock }: { clock?: SessionClock }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionTimeoutState>({ phase: 'active' });
  const [signingOut, setSigningOut] = useState(false);
  const controllerRef = useRef<SessionTimeoutController | null>(null);

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

  return (
    <SessionTimeoutDialog
      isOpen={state.phase === 'warning'}
      secondsLeft={state.phase === 'warning' ? state.secondsLeft : 0}
      isSigningOut={signingOut}
      onStaySignedIn={() => void controllerRef.current?.staySignedIn()}
      onSignOut={onSignOut}
    />
  );
}
