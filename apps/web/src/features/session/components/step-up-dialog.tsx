import { AppError } from '@vireo/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { AriaLocale } from '../../../components/ui/aria-locale';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { PasskeyCeremonyError, type PasskeyProblem } from '../../../lib/passkeys';
import type { MessageId } from '../../../messages';
import { stepUp, stepUpWithPasskey } from '../api/step-up';

export type StepUpDialogProps = {
  isOpen: boolean;
  /** The signed-in user's username, shown so the person knows whose password is asked. */
  username: string;
  /** The server took the proof: the action goes on. */
  onProven: () => void;
  /** Cancel or Escape: the action fails with STEP_UP_REQUIRED. */
  onCancel: () => void;
};

type Failure = { field?: MessageId; form?: MessageId };

const PASSKEY_PROBLEMS: Record<PasskeyProblem, MessageId> = {
  cancelled: 'session.stepUp.passkey.cancelled',
  unsupported: 'session.stepUp.passkey.unsupported',
  failed: 'session.stepUp.passkey.refused',
};

/** What a refused proof says: a wrong password on the field (the dialog stays open), the rest above the buttons. */
function failureOf(error: unknown): Failure {
  if (error instanceof PasskeyCeremonyError) return { form: PASSKEY_PROBLEMS[error.problem] };
  const code = AppError.is(error) ? error.code : null;
  if (code === 'PASSKEY_REFUSED') return { form: 'session.stepUp.passkey.refused' };
  if (code === 'INVALID_CREDENTIALS') return { field: 'session.stepUp.errors.wrongPassword' };
  if (code === 'RATE_LIMITED') return { form: 'session.stepUp.errors.rateLimited' };
  if (code === 'PASSWORD_RESET_REQUIRED') return { form: 'session.stepUp.errors.resetRequired' };
  return { form: 'session.stepUp.errors.generic' };
}

/**
 * "Confirm it’s you" (wider-portal.md §3): a modal dialog (react-aria: focus moves in and stays in, the page behind
 * is hidden from assistive technology, Escape cancels, focus returns to what opened it) asking for the password of the
 * signed-in user, or one of their passkeys ("Use a passkey", issue 18 item 3): either proof calls `onProven`.
 */
export function StepUpDialog({ isOpen, username, onProven, onCancel }: StepUpDialogProps) {
  const intl = useIntl();
  const descriptionId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure>({});
  const [isChecking, setIsChecking] = useState(false);

  // a new question starts empty, with the password field focused (after react-aria has focused the dialog)
  useEffect(() => {
    if (!isOpen) return;
    setPassword('');
    setFailure({});
    setIsChecking(false);
    const frame = requestAnimationFrame(() => passwordRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  const prove = (proof: () => Promise<unknown>) => {
    setIsChecking(true);
    setFailure({});
    proof().then(
      () => {
        setIsChecking(false);
        setPassword('');
        onProven();
      },
      (error: unknown) => {
        setIsChecking(false);
        const next = failureOf(error);
        setFailure(next);
        if (next.field) {
          setPassword('');
          passwordRef.current?.focus();
        }
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isChecking) return;
    if (password === '') {
      setFailure({ field: 'session.stepUp.errors.passwordRequired' });
      passwordRef.current?.focus();
      return;
    }
    prove(() => stepUp(password));
  };

  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable={false}
        isKeyboardDismissDisabled={isChecking}
        onOpenChange={(open) => {
          if (!open && !isChecking) onCancel();
        }}
        className="fixed inset-0 z-50 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="w-full max-w-md rounded-xl bg-surface p-6 shadow-xl">
          <Dialog aria-describedby={descriptionId} className="outline-none">
            <Heading slot="title" className="text-xl font-semibold text-navy-900">
              {intl.formatMessage({ id: 'session.stepUp.title' })}
            </Heading>
            <p id={descriptionId} className="mt-3 leading-relaxed text-ink">
              {intl.formatMessage({ id: 'session.stepUp.body' })}
            </p>
            <form noValidate onSubmit={submit} className="mt-4 space-y-4">
              <p className="text-ink">
                <span className="text-ink-muted">{intl.formatMessage({ id: 'session.stepUp.username' })} </span>
                <span className="font-semibold break-all">{username}</span>
              </p>
              <TextField
                label={intl.formatMessage({ id: 'session.stepUp.password' })}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  if (failure.field) setFailure({});
                }}
                error={failure.field ? intl.formatMessage({ id: failure.field }) : null}
                inputRef={passwordRef}
              />
              {failure.form ? (
                <p role="alert" className="font-semibold text-danger-700">
                  {intl.formatMessage({ id: failure.form })}
                </p>
              ) : null}
              {isChecking ? (
                <p role="status" className="text-ink-muted">
                  {intl.formatMessage({ id: 'session.stepUp.checking' })}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <button type="submit" aria-disabled={isChecking || undefined} className={PRIMARY_BUTTON}>
                  {intl.formatMessage({ id: 'session.stepUp.confirm' })}
                </button>
                <Button
                  onPress={() => {
                    if (!isChecking) onCancel();
                  }}
                  aria-disabled={isChecking || undefined}
                  className={SECONDARY_BUTTON}
                >
                  {intl.formatMessage({ id: 'session.stepUp.cancel' })}
                </Button>
              </div>
            </form>
            <div className="mt-5 border-t border-line pt-4">
              <p className="text-ink-muted">{intl.formatMessage({ id: 'session.stepUp.passkey.or' })}</p>
              <Button
                onPress={() => {
                  if (!isChecking) prove(stepUpWithPasskey);
                }}
                aria-disabled={isChecking || undefined}
                className={`${SECONDARY_BUTTON} mt-2`}
              >
                {intl.formatMessage({ id: 'session.stepUp.passkey.use' })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
