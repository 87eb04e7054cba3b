import { useEffect, useState } from 'react';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { setStepUpHandler } from '../../../lib/api-client';
import { useSessionProfile } from '../api/get-session-profile';

/** The dialog's code (react-aria's modal) arrives when it is first needed, or in the background a moment after. */
const loadDialog = () => import('./step-up-dialog');
const StepUpDialog = lazyDialog(() => loadDialog().then((module) => module.StepUpDialog));

/**
 * wider-portal.md §3 step-up, once for every feature: mounted in the signed-in shell (app/layouts/root-layout.tsx), it
 * registers the API client's step-up handler. A dangerous action answered 403 STEP_UP_REQUIRED opens "Confirm it’s
 * you"; once the server has taken the proof, the API client sends the action again (lib/api-client.ts), and a cancel
 * fails it with STEP_UP_REQUIRED, which the action's form says in words (components/ui/refusal.ts).
 */
export function StepUpHost() {
  const profile = useSessionProfile();
  // the pending question: answered with true (proven) or false (cancelled)
  const [pending, setPending] = useState<{ answer: (proven: boolean) => void } | null>(null);

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            // a dialog whose code cannot load would leave the action waiting for ever: it fails as cancelled instead
            loadDialog().then(
              () => setPending({ answer: resolve }),
              () => resolve(false),
            );
          }),
      ),
    [],
  );
  // unmounted with a question open (sign-out): the waiting request fails as cancelled
  useEffect(() => () => pending?.answer(false), [pending]);

  const finish = (proven: boolean) => {
    pending?.answer(proven);
    setPending(null);
  };

  return (
    <StepUpDialog
      isOpen={pending !== null}
      username={profile?.username ?? ''}
      onProven={() => finish(true)}
      onCancel={() => finish(false)}
    />
  );
}
