import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from './aria-locale';

const BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md px-5 font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70';
const CONFIRM = `${BUTTON} bg-brand-700 text-surface hover:bg-brand-800`;
const CANCEL = `${BUTTON} border border-line-strong bg-surface text-ink hover:bg-surface-muted`;

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  /** The question, as sentences; it describes the dialog. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the buttons stay (so focus stays) but do nothing, and Escape does nothing. */
  isPending?: boolean;
  /** Which button gets focus when the dialog opens: by default the one that changes nothing (WAI-ARIA). */
  initialFocus?: 'confirm' | 'cancel';
};

/**
 * A modal confirmation (react-aria: focus moves in and stays in, the page behind is hidden from assistive technology,
 * Escape cancels, focus returns to what opened it). An alert dialog: the user must choose.
 */
export function ConfirmDialogModal({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isPending = false,
  initialFocus = 'cancel',
}: ConfirmDialogProps) {
  const descriptionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    // After react-aria has focused the dialog itself.
    const frame = requestAnimationFrame(() => (initialFocus === 'confirm' ? confirmRef : cancelRef).current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen, initialFocus]);
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable={false}
        isKeyboardDismissDisabled={isPending}
        onOpenChange={(open) => {
          if (!open && !isPending) onCancel();
        }}
        className="fixed inset-0 z-50 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="w-full max-w-md rounded-xl bg-surface p-6 shadow-xl">
          <Dialog role="alertdialog" aria-describedby={descriptionId} className="outline-none">
            <Heading slot="title" className="text-xl font-semibold text-navy-900">
              {title}
            </Heading>
            <div id={descriptionId} className="mt-3 space-y-2 leading-relaxed text-ink">
              {children}
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button
                ref={confirmRef}
                onPress={() => {
                  if (!isPending) onConfirm();
                }}
                aria-disabled={isPending || undefined}
                className={CONFIRM}
              >
                {confirmLabel}
              </Button>
              <Button
                ref={cancelRef}
                onPress={() => {
                  if (!isPending) onCancel();
                }}
                aria-disabled={isPending || undefined}
                className={CANCEL}
              >
                {cancelLabel}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
