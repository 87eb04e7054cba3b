import { useEffect, useRef } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { AriaLocale } from '../../../components/ui/aria-locale';

/** Screen readers hear the time left at these points, not every second. */
const ANNOUNCE_AT_SECONDS = [60, 30, 10] as const;

export function announcementLevel(secondsLeft: number): number | null {
  let level: number | null = null;
  for (const threshold of ANNOUNCE_AT_SECONDS) if (secondsLeft <= threshold) level = threshold;
  return level;
}

function formatCountdown(secondsLeft: number): string {
  const minutes = Math.floor(secondsLeft / 60);
  return `${minutes}:${String(secondsLeft % 60).padStart(2, '0')}`;
}

type SessionTimeoutDialogProps = {
  isOpen: boolean;
  secondsLeft: number;
  isSigningOut: boolean;
  onStaySignedIn: () => void;
  onSignOut: () => void;
};

const BUTTON = 'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md px-5 font-semibold';

/**
 * spec §2.4 / §4 session-timeout dialog: an alert dialog (react-aria traps focus and hides the page from assistive
 * technology), not dismissable by Escape or a click outside: the user chooses. The countdown is visible text; the
 * polite live region speaks only at 60, 30 and 10 seconds.
 */
export function SessionTimeoutDialog({
  isOpen,
  secondsLeft,
  isSigningOut,
  onStaySignedIn,
  onSignOut,
}: SessionTimeoutDialogProps) {
  const intl = useIntl();
  const level = announcementLevel(secondsLeft);
  const stayRef = useRef<HTMLButtonElement>(null);
  // The least destructive choice gets focus (WAI-ARIA alert dialog); after react-aria has focused the dialog itself.
  useEffect(() => {
    const frame = requestAnimationFrame(() => stayRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable={false}
        isKeyboardDismissDisabled
        className="fixed inset-0 z-50 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="w-full max-w-md rounded-xl bg-surface p-6 shadow-xl">
          <Dialog role="alertdialog" aria-describedby="session-timeout-description" className="outline-none">
            <Heading slot="title" className="text-xl font-semibold text-navy-900">
              {intl.formatMessage({ id: 'session.timeout.title' })}
            </Heading>
            <p id="session-timeout-description" className="mt-3 leading-relaxed text-ink">
              {intl.formatMessage({ id: 'session.timeout.body' })}
            </p>
            <p className="mt-4 text-lg font-semibold text-navy-900 tabular-nums">
              {intl.formatMessage({ id: 'session.timeout.countdown' }, { time: formatCountdown(secondsLeft) })}
            </p>
            <p className="sr-only" aria-live="polite">
              {level === null ? '' : intl.formatMessage({ id: 'session.timeout.announce' }, { seconds: level })}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button
                ref={stayRef}
                onPress={onStaySignedIn}
                isDisabled={isSigningOut}
                className={`${BUTTON} bg-brand-700 text-surface hover:bg-brand-800`}
              >
                {intl.formatMessage({ id: 'session.timeout.stay' })}
              </Button>
              <Button
                onPress={onSignOut}
                isPending={isSigningOut}
                className={`${BUTTON} border border-line-strong text-ink hover:bg-surface-muted`}
              >
                {intl.formatMessage({ id: 'session.signOut' })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
