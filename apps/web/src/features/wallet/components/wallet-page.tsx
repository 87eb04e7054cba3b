import { useQueryClient } from '@tanstack/react-query';
import { type IsoDate, toIsoDate, type Wallet } from '@vireo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { NOTICE, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { lazyComponent, usePrefetch } from '../../../components/ui/lazy-component';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useInlineEdit } from '../../../components/ui/use-inline-edit';
import { useWallet } from '../../../entities/api/get-wallet';
import { refreshAfter } from '../../../entities/query-keys';
import { WalletMethodItem } from './wallet-method-item';

// The add form (card or bank, sent to the vault) is a chunk of its own, fetched once the list is on screen: the page's
// first load is the list (issue 15: the form kit and the vault's client left /billing/bill-pay-options no margin).
const AddMethodForm = lazyComponent(() => import('./add-method-form').then((module) => module.AddMethodForm));

/** The user's calendar day: the wallet answer carries no `today`, and the server checks expiry dates again anyway. */
function localToday(): IsoDate {
  const now = new Date();
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

function canAdd(wallet: Wallet, kind: 'card' | 'bank'): boolean {
  if (wallet.restriction === 'both') return false;
  return kind === 'card' ? wallet.restriction !== 'card' : wallet.restriction !== 'bank';
}

function WalletContent({ wallet }: { wallet: Wallet }) {
  usePrefetch(AddMethodForm);
  const intl = useIntl();
  const queryClient = useQueryClient();
  const listTitleId = useId();
  const fullId = useId();
  const today = localToday();
  const add = useInlineEdit<'card' | 'bank'>();
  const [announcement, setAnnouncement] = useState('');
  const summaryRef = useRef<HTMLParagraphElement>(null);
  // A deleted method leaves the list when the wallet is read again; then (and not before: the confirmation dialog
  // hands focus back to Delete, which leaves with the item) the count takes focus.
  const deletedId = useRef<string | null>(null);
  const listed = wallet.methods.map((method) => method.id).join(',');
  useEffect(() => {
    if (deletedId.current === null || listed.split(',').includes(deletedId.current)) return;
    deletedId.current = null;
    // in a frame: after the closed dialog's own focus restoring (react-aria, also in a frame), which would otherwise
    // move focus again when the list reloads faster than a frame
    const frame = requestAnimationFrame(() => summaryRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [listed]);
  const full = wallet.methods.length >= wallet.maxMethods;

  const changed = () => {
    // Auto Pay and the payment screens show the same methods.
    refreshAfter(queryClient, 'walletChange');
  };

  return (
    <div className="mt-6 space-y-6">
      <p role="status" className="text-ink empty:hidden">
        {announcement}
      </p>
      <section aria-labelledby={listTitleId} className="space-y-4">
        <div>
          <h2 id={listTitleId} className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'wallet.list.title' })}
          </h2>
          <p ref={summaryRef} tabIndex={-1} className="mt-1 text-ink outline-none" data-testid="wallet-count">
            {intl.formatMessage({ id: 'wallet.list.count' }, { count: wallet.methods.length, max: wallet.maxMethods })}
          </p>
        </div>
        {wallet.restriction === 'both' ? (
          <ErrorNotice
            headingLevel={3}
            titleId="payments.errors.methodUnavailable.title"
            bodyId="payments.errors.methodUnavailable.both"
          />
        ) : wallet.restriction === 'card' ? (
          <p className={NOTICE}>{intl.formatMessage({ id: 'wallet.restricted.card' })}</p>
        ) : wallet.restriction === 'bank' ? (
          <p className={NOTICE}>{intl.formatMessage({ id: 'wallet.restricted.bank' })}</p>
        ) : null}
        {wallet.methods.length === 0 ? (
          <p className="text-ink">{intl.formatMessage({ id: 'wallet.list.empty' })}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-labelledby={listTitleId}>
            {wallet.methods.map((method) => (
              <WalletMethodItem
                key={method.id}
                method={method}
                today={today}
                announce={setAnnouncement}
                onChanged={changed}
                onDeleted={() => {
                  deletedId.current = method.id;
                }}
              />
            ))}
          </ul>
        )}
      </section>

      {add.opened ? (
        <AddMethodForm
          key={add.opened}
          kind={add.opened}
          wallet={wallet}
          today={today}
          onAdded={(label) => {
            add.close();
            setAnnouncement(intl.formatMessage({ id: 'wallet.add.done' }, { method: label }));
            changed();
          }}
          onCancel={add.close}
        />
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-3">
            {(['card', 'bank'] as const)
              .filter((kind) => canAdd(wallet, kind))
              .map((kind) => (
                <button
                  key={kind}
                  ref={add.buttonRef(kind)}
                  type="button"
                  aria-disabled={full || undefined}
                  aria-describedby={full ? fullId : undefined}
                  className={SECONDARY_BUTTON}
                  onClick={() => {
                    if (full) return;
                    setAnnouncement('');
                    // the button stays until the form can replace it (usually fetched long before: usePrefetch)
                    if (AddMethodForm.isLoaded()) add.open(kind);
                    else void AddMethodForm.ready().then(() => add.open(kind));
                  }}
                >
                  {intl.formatMessage({ id: kind === 'card' ? 'payments.method.addCard' : 'payments.method.addBank' })}
                </button>
              ))}
          </div>
          {full ? (
            <p id={fullId} className="text-sm text-ink">
              {intl.formatMessage({ id: 'ui.addMethod.walletFull' }, { max: wallet.maxMethods })}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * `/billing/bill-pay-options` (spec §2.4 saved payment methods): the wallet, with add, edit card and delete. A failure
 * to load is "Payment Methods Unavailable" (spec §8).
 */
export function WalletPage() {
  const intl = useIntl();
  const wallet = useWallet();
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.billPayOptions' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'wallet.intro' })}</p>
      {wallet.isError && !wallet.data ? (
        <ErrorNotice
          className="mt-6"
          titleId="wallet.errors.load.title"
          bodyId={refusalBodyId(wallet.error) ?? 'wallet.errors.load.body'}
          onRetry={isForbidden(wallet.error) ? undefined : () => void wallet.refetch()}
          isRetrying={wallet.isFetching}
        />
      ) : wallet.data ? (
        <WalletContent wallet={wallet.data} />
      ) : (
        <PanelSkeleton className="mt-6" />
      )}
    </div>
  );
}
