import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from './aria-locale';

export type NoticeDialogProps = {
  isOpen: boolean;
  title: string;
  /** What happened and what the user can do, as sentences; it describes the dialog. */
  children: ReactNode;
  /** The way forward, e.g. a link to another page (styled as a button by the caller). */
  action?: ReactNode;
  closeLabel: string;
  onClose: () => void;
};

/**
 * A modal roadblock (react-aria: focus moves in and stays in, the page behind is hidden from assistive technology,
 * Escape closes, focus returns to what opened it): something could not be done, with an optional way forward.
 */
export function NoticeDialogModal({ isOpen, title, children, action, closeLabel, onClose }: NoticeDialogProps) {
  const descriptionId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    // After react-aria has focused the dialog itself.
    const frame = requestAnimationFrame(() => closeRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable={false}
        onOpenChange={(open) => {
          if (!open) onClose();
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
              {action}
              <Button
                ref={closeRef}
                onPress={onClose}
                className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-line-strong bg-surface px-5 font-semibold text-ink hover:bg-surface-muted"
              >
                {closeLabel}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
