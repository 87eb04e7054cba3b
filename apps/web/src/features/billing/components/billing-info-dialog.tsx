import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { AriaLocale } from '../../../components/ui/aria-locale';
import { PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';

export type BillingInfoKind = 'news' | 'disclosures';

type Topic = { titleId: MessageId; bodyId: MessageId };

/** spec §2.4 dialogs: news and information; billing disclosures. */
const DIALOGS: Record<BillingInfoKind, { titleId: MessageId; introId: MessageId; topics: Topic[] }> = {
  news: {
    titleId: 'billing.news.title',
    introId: 'billing.news.intro',
    topics: [
      { titleId: 'billing.news.compare.title', bodyId: 'billing.news.compare.body' },
      { titleId: 'billing.news.autoPay.title', bodyId: 'billing.news.autoPay.body' },
      { titleId: 'billing.news.paperless.title', bodyId: 'billing.news.paperless.body' },
      { titleId: 'billing.news.posting.title', bodyId: 'billing.news.posting.body' },
    ],
  },
  disclosures: {
    titleId: 'billing.disclosures.title',
    introId: 'billing.disclosures.intro',
    topics: [
      { titleId: 'billing.disclosures.due.title', bodyId: 'billing.disclosures.due.body' },
      { titleId: 'billing.disclosures.pastDue.title', bodyId: 'billing.disclosures.pastDue.body' },
      { titleId: 'billing.disclosures.taxes.title', bodyId: 'billing.disclosures.taxes.body' },
      { titleId: 'billing.disclosures.proration.title', bodyId: 'billing.disclosures.proration.body' },
      { titleId: 'billing.disclosures.autoPay.title', bodyId: 'billing.disclosures.autoPay.body' },
      { titleId: 'billing.disclosures.questions.title', bodyId: 'billing.disclosures.questions.body' },
    ],
  },
};

type BillingInfoDialogProps = { kind: BillingInfoKind; onClose: () => void };

/**
 * A modal dialog (react-aria: focus moves in and is trapped, the page behind is hidden from assistive technology,
 * Escape or a click outside closes it, focus returns to the button that opened it). A chunk of its own, fetched when
 * the user reaches for a dialog button, so the billing home does not wait for react-aria.
 */
export function BillingInfoDialog({ kind, onClose }: BillingInfoDialogProps) {
  const intl = useIntl();
  const dialog = DIALOGS[kind];
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen
        isDismissable
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className="fixed inset-0 z-50 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="flex max-h-[90dvh] w-full max-w-2xl flex-col rounded-xl bg-surface shadow-xl">
          <Dialog className="flex min-h-0 flex-col outline-none">
            <Heading slot="title" className="border-b border-line px-6 pt-6 pb-4 text-2xl font-semibold text-navy-900">
              {intl.formatMessage({ id: dialog.titleId })}
            </Heading>
            {/* Long copy scrolls here; focusable so that keyboard users can scroll it too (WCAG 2.1.1). */}
            <section
              aria-label={intl.formatMessage({ id: dialog.titleId })}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
              className="min-h-0 overflow-y-auto px-6 py-4"
            >
              <p className="leading-relaxed text-ink">{intl.formatMessage({ id: dialog.introId })}</p>
              {dialog.topics.map((topic) => (
                <section key={topic.titleId} className="mt-5">
                  <h3 className="font-semibold text-navy-900">{intl.formatMessage({ id: topic.titleId })}</h3>
                  <p className="mt-1 leading-relaxed text-ink">{intl.formatMessage({ id: topic.bodyId })}</p>
                </section>
              ))}
            </section>
            <div className="flex justify-end border-t border-line px-6 py-4">
              <Button slot="close" className={PRIMARY_BUTTON}>
                {intl.formatMessage({ id: 'billing.dialog.close' })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
