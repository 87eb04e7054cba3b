import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import type { BillingInfoKind } from './billing-info-dialog';

const loadDialog = () => import('./billing-info-dialog');
const BillingInfoDialog = lazy(() => loadDialog().then((module) => ({ default: module.BillingInfoDialog })));

/** The buttons that open the news-and-information and billing-disclosures dialogs (spec §2.4). */
export function BillingInfoButtons() {
  const intl = useIntl();
  const [open, setOpen] = useState<BillingInfoKind | null>(null);
  // Fetch the dialog's chunk as soon as the user heads for a button, so it opens without a wait.
  const preload = () => void loadDialog();
  const button = (kind: BillingInfoKind, labelId: 'billing.news.open' | 'billing.disclosures.open') => (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => setOpen(kind)}
      onPointerEnter={preload}
      onFocus={preload}
      className={SECONDARY_BUTTON}
    >
      {intl.formatMessage({ id: labelId })}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-3">
      {button('news', 'billing.news.open')}
      {button('disclosures', 'billing.disclosures.open')}
      {open ? (
        <Suspense fallback={null}>
          <BillingInfoDialog kind={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
