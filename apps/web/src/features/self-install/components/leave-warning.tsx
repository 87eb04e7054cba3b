import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router';
import { type SelfInstallType, showsLeavePageWarning } from '@vireo/shared';
import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { MessageId } from '../../../messages';

type LeaveWarningOptions = {
  /** The `selfInstallSpeedBump` flag. */
  speedBump: boolean;
  /** The page suppresses the confirmation (nothing would be lost there). */
  suppressed: boolean;
  installType: SelfInstallType | null;
  /** Whether leaving now would lose something (activation unfinished, the Wi-Fi not saved). */
  unfinished: boolean;
  /** What the confirmation says would be lost. */
  bodyId: MessageId;
};

/**
 * spec §2.4's leave-page warning: while the rule says so and the page's work is unfinished, leaving for another page
 * of the app asks first (the dialog this returns), and closing the tab asks the browser's own question. `release()`
 * lets the page's own next navigation through (its work is done).
 */
export function useLeaveWarning({ speedBump, suppressed, installType, unfinished, bodyId }: LeaveWarningOptions) {
  const intl = useIntl();
  const warns = showsLeavePageWarning({ speedBump, suppressed, installType });
  const released = useRef(false);
  const blocking = useRef(false);
  blocking.current = warns && unfinished && !released.current;

  const shouldBlockFn = useCallback<ShouldBlockFn>(
    ({ current, next }) => blocking.current && current.pathname !== next.pathname,
    [],
  );
  const enableBeforeUnload = useCallback(() => blocking.current, []);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, disabled: !warns, withResolver: true });

  const dialog = (
    <ConfirmDialog
      isOpen={blocker.status === 'blocked'}
      title={intl.formatMessage({ id: 'selfInstall.leave.title' })}
      confirmLabel={intl.formatMessage({ id: 'selfInstall.leave.go' })}
      cancelLabel={intl.formatMessage({ id: 'selfInstall.leave.stay' })}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{intl.formatMessage({ id: bodyId })}</p>
    </ConfirmDialog>
  );
  return {
    dialog,
    release: () => {
      released.current = true;
      blocking.current = false;
    },
  };
}
