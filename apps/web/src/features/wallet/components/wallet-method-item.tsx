import { Link } from '@tanstack/react-router';
import { type IsoDate, type WalletMethod } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode, isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { BADGE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { NoticeDialog } from '../../../components/ui/notice-dialog';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { useInlineEdit } from '../../../components/ui/use-inline-edit';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { useDeletePaymentMethod } from '../api/update-payment-method';
import { EditCardForm } from './edit-card-form';

type Badge = { id: MessageId; tone: 'danger' | 'warning' | 'neutral' | 'brand' };

const TONES: Record<Badge['tone'], string> = {
  danger: 'border-danger-700/40 bg-danger-50 text-danger-700',
  warning: 'border-warning-700/40 bg-warning-50 text-warning-700',
  neutral: 'border-line-strong bg-surface-muted text-ink',
  brand: 'border-brand-700/40 bg-brand-50 text-brand-800',
};

/** The status badges of a saved method (product-decisions.md, wallet). */
export function badgesOf(method: WalletMethod): Badge[] {
  const badges: Badge[] = [];
  if (method.isDefault) badges.push({ id: 'payments.method.default', tone: 'neutral' });
  if (method.expired) badges.push({ id: 'wallet.badge.expired', tone: 'danger' });
  else if (method.expiringSoon) badges.push({ id: 'wallet.badge.expiringSoon', tone: 'warning' });
  if (!method.allowed) badges.push({ id: 'wallet.badge.unavailable', tone: 'danger' });
  if (method.autoPayScopes.length > 0) badges.push({ id: 'wallet.badge.autoPay', tone: 'brand' });
  return badges;
}

function kindOf(method: WalletMethod): MessageId {
  if (method.type === 'bank') {
    return method.bankAccountType === 'savings' ? 'wallet.kind.savings' : 'wallet.kind.checking';
  }
  if (method.funding === 'debit') return 'wallet.kind.debit';
  if (method.funding === 'prepaid') return 'wallet.kind.prepaid';
  return 'wallet.kind.credit';
}

type WalletMethodItemProps = {
  method: WalletMethod;
  today: IsoDate;
  /** Says what happened in the page's status line. */
  announce: (message: string) => void;
  onChanged: () => void;
  /** The method was deleted: once it has left the list, focus goes somewhere that stays. */
  onDeleted: () => void;
};

/** One saved method: label, brand, last four, expiry, badges; Edit (cards) and Delete. */
export function WalletMethodItem({ method, today, announce, onChanged, onDeleted }: WalletMethodItemProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const titleId = useId();
  const label = format.method(method.label);
  const [roadblock, setRoadblock] = useState(false);
  const remove = useIdempotentChange(useDeletePaymentMethod(), (error): MessageId | null => {
    // in use since the wallet was loaded: the roadblock, with the uses the refreshed wallet lists
    const code = errorCode(error);
    if (code === 'AUTOPAY_METHOD_NOT_DELETABLE' || code === 'PAYMENT_METHOD_IN_USE') {
      setRoadblock(true);
      onChanged();
      return null;
    }
    return isOutcomeUnknown(error) ? 'wallet.delete.unknownOutcome' : 'wallet.delete.failed';
  });
  const edit = useInlineEdit<'edit'>();

  const expiry =
    method.expMonth !== null && method.expYear !== null
      ? `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear).slice(-2)}`
      : null;
  const rows: [string, string][] = [
    [intl.formatMessage({ id: 'wallet.field.type' }), intl.formatMessage({ id: kindOf(method) })],
    [intl.formatMessage({ id: 'wallet.field.lastFour' }), method.lastFour],
  ];
  if (expiry) rows.push([intl.formatMessage({ id: 'wallet.field.expiry' }), expiry]);
  if (method.nameOnCard) rows.push([intl.formatMessage({ id: 'payments.card.nameOnCard' }), method.nameOnCard]);

  const onAutoPay = method.autoPayScopes.length > 0;
  const upcoming = method.upcomingPayments;
  const startDelete = () => {
    // spec §5, issue 14: a method in use (Auto Pay, a payment to come) cannot be deleted; say so before asking.
    if (onAutoPay || upcoming.length > 0) {
      remove.clearFailure();
      setRoadblock(true);
    } else remove.ask();
  };

  const confirmDelete = () =>
    remove.send({ paymentMethodId: method.id }, () => {
      announce(intl.formatMessage({ id: 'wallet.delete.done' }, { method: label }));
      // The page moves focus once this method has left the list (the dialog hands focus back to Delete, which leaves
      // with the item: focus must then go somewhere that stays).
      onDeleted();
      onChanged();
    });

  return (
    <li className="rounded-lg border border-line p-4" data-testid="wallet-method">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-navy-900">
          {label}
        </h3>
        {badgesOf(method).length > 0 ? (
          <ul
            className="flex flex-wrap gap-2"
            aria-label={intl.formatMessage({ id: 'wallet.badges' }, { method: label })}
          >
            {badgesOf(method).map((badge) => (
              <li key={badge.id} className={`${BADGE} ${TONES[badge.tone]}`}>
                {intl.formatMessage({ id: badge.id })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {method.allowed ? null : (
        <p className="mt-2 text-sm text-ink">{intl.formatMessage({ id: 'wallet.unavailableNote' })}</p>
      )}
      {edit.opened ? null : (
        <div className="mt-3 flex flex-wrap gap-3">
          {method.type === 'card' ? (
            <button
              ref={edit.buttonRef('edit')}
              type="button"
              aria-describedby={titleId}
              className={SECONDARY_BUTTON}
              onClick={() => {
                remove.clearFailure();
                edit.open('edit');
              }}
            >
              {intl.formatMessage({ id: 'wallet.edit' })}
            </button>
          ) : null}
          <button type="button" aria-describedby={titleId} className={SECONDARY_BUTTON} onClick={startDelete}>
            {intl.formatMessage({ id: 'wallet.delete' })}
          </button>
        </div>
      )}
      {edit.opened ? (
        <EditCardForm
          method={method}
          today={today}
          onSaved={() => {
            edit.close();
            announce(intl.formatMessage({ id: 'wallet.edit.done' }, { method: label }));
            onChanged();
          }}
          onCancel={() => {
            edit.close();
          }}
        />
      ) : null}
      {remove.failure ? (
        <div className="mt-3">
          <ErrorPanel titleId="wallet.delete.failedTitle" bodyId={remove.failure} headingLevel={4} />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={remove.confirming}
        title={intl.formatMessage({ id: 'wallet.delete.title' }, { method: label })}
        confirmLabel={intl.formatMessage({ id: 'wallet.delete' })}
        cancelLabel={intl.formatMessage({ id: 'wallet.delete.keep' })}
        isPending={remove.pending}
        onConfirm={confirmDelete}
        onCancel={remove.dismiss}
      >
        <p>{intl.formatMessage({ id: 'wallet.delete.body' }, { method: label })}</p>
        {remove.pending ? <p role="status">{intl.formatMessage({ id: 'wallet.delete.pending' })}</p> : null}
      </ConfirmDialog>
      <NoticeDialog
        isOpen={roadblock}
        title={intl.formatMessage({ id: 'wallet.delete.failedTitle' })}
        closeLabel={intl.formatMessage({ id: 'wallet.roadblock.close' })}
        onClose={() => setRoadblock(false)}
        action={
          <>
            {onAutoPay || upcoming.length === 0 ? (
              <Link to="/billing/pay-bill" search={{ open: 'ap' }} className={PRIMARY_BUTTON}>
                {intl.formatMessage({ id: 'wallet.roadblock.changeMethod' })}
              </Link>
            ) : null}
            {upcoming.length > 0 ? (
              <Link
                to="/billing/pay-bill"
                search={{ open: 'fdp' }}
                className={onAutoPay ? SECONDARY_BUTTON : PRIMARY_BUTTON}
              >
                {intl.formatMessage({ id: 'wallet.roadblock.viewScheduled' })}
              </Link>
            ) : null}
          </>
        }
      >
        {onAutoPay || upcoming.length === 0 ? (
          <p>{intl.formatMessage({ id: 'wallet.roadblock.body' }, { method: label })}</p>
        ) : null}
        {upcoming.length > 0 ? (
          <>
            <p className={onAutoPay ? 'mt-3' : undefined}>
              {intl.formatMessage({ id: 'wallet.roadblock.payments' }, { method: label, count: upcoming.length })}
            </p>
            <ul className="mt-2 list-disc ps-6" data-testid="roadblock-payments">
              {upcoming.map((payment) => (
                <li key={payment.id}>
                  {intl.formatMessage(
                    {
                      id:
                        payment.status === 'scheduled'
                          ? 'wallet.roadblock.payment.scheduled'
                          : 'wallet.roadblock.payment.processing',
                    },
                    { amount: format.money(payment.amountCents), date: format.date(payment.paymentDate) },
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </NoticeDialog>
    </li>
  );
}
