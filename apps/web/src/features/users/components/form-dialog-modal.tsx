import { type FormEvent, type ReactNode, useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from '../../../components/ui/aria-locale';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';

export type FormDialogProps = {
  isOpen: boolean;
  title: string;
  /** The fields (their own labels and errors), then any failure panel. */
  children: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** While the change runs: the buttons stay (so focus stays) but do nothing, and Escape does nothing. */
  isPending?: boolean;
};

/**
 * A modal form (react-aria: focus moves in and stays in, the page behind is hidden from assistive technology, Escape
 * cancels, focus returns to what opened it): Change role and Change access end date. The step-up dialog may open on
 * top of it while its change waits (features/session StepUpHost), and focus comes back here after.
 */
export function FormDialogModal({
  isOpen,
  title,
  children,
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  isPending = false,
}: FormDialogProps) {
  const headingId = useId();
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable={false}
        isKeyboardDismissDisabled={isPending}
        onOpenChange={(open) => {
          if (!open && !isPending) onCancel();
        }}
        className="fixed inset-0 z-40 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-surface p-6 shadow-xl">
          <Dialog aria-labelledby={headingId} className="outline-none">
            <Heading id={headingId} slot="title" className="text-xl font-semibold text-navy-900">
              {title}
            </Heading>
            <form
              noValidate
              className="mt-4 space-y-4"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                if (!isPending) onSubmit();
              }}
            >
              {children}
              <div className="flex flex-wrap gap-3">
                <button type="submit" aria-disabled={isPending || undefined} className={PRIMARY_BUTTON}>
                  {submitLabel}
                </button>
                <Button
                  onPress={() => {
                    if (!isPending) onCancel();
                  }}
                  aria-disabled={isPending || undefined}
                  className={SECONDARY_BUTTON}
                >
                  {cancelLabel}
                </Button>
              </div>
            </form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
