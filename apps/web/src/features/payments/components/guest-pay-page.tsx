import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import {
  AppError,
  BillingAccountNumberSchema,
  type QuickPayLinkResponse,
  QuickPayLookupRequestSchema,
  type QuickPayLookupResponse,
  ServiceZipSchema,
} from '@vireo/shared';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { lookUpBill } from '../api/guest-pay';
import { type AmountState, AmountStep } from './amount-step';
import { GuestLinkStep, type PayLinkLimits, PayLinkSummary } from './guest-link-step';
import { GuestMethodStep, type GuestPayment } from './guest-method-step';
import { Failure, Receipt } from './payment-result';

const STEPS = 3;
type Lookup = { billingAccount: string; zip: string };

const LOOKUP_REFUSALS: Partial<Record<string, { title: MessageId; body: MessageId }>> = {
  QUICK_PAY_NOT_FOUND: { title: 'payments.guest.notFound.title', body: 'payments.guest.notFound.body' },
  RATE_LIMITED: { title: 'payments.guest.rateLimited.title', body: 'payments.guest.rateLimited.body' },
  BILLING_SUPPRESSED: { title: 'payments.guest.enterprise.title', body: 'payments.guest.enterprise.body' },
  PAYMENT_METHOD_UNAVAILABLE: {
    title: 'payments.errors.methodUnavailable.title',
    body: 'payments.errors.methodUnavailable.body',
  },
};

const rule = (schema: { safeParse: (value: string) => { success: boolean } }, message: MessageId) => (value: string) =>
  schema.safeParse(value).success ? { ok: true as const } : { ok: false as const, message };

/** Step 1: the account number and the service ZIP, nothing else (wider-portal.md §1). */
function LookupStep({ expired, onFound }: { expired: boolean; onFound: (bill: QuickPayLookupResponse) => void }) {
  const intl = useIntl();
  const form = useForm<Lookup>({
    initial: { billingAccount: '', zip: '' },
    rules: {
      billingAccount: rule(BillingAccountNumberSchema, 'payments.guest.errors.billingAccount'),
      zip: rule(ServiceZipSchema, 'payments.guest.errors.zip'),
    },
  });
  const lookup = useMutation({ mutationFn: lookUpBill, onSuccess: onFound });
  const code = AppError.is(lookup.error) ? lookup.error.code : null;
  const refusal = lookup.isError ? (LOOKUP_REFUSALS[code ?? ''] ?? null) : null;
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <StepForm
      title={t('payments.guest.lookup.title')}
      step={{ current: 1, total: STEPS }}
      focusOnMount={expired}
      onSubmit={() => {
        if (!lookup.isPending) form.submit((values) => lookup.mutate(QuickPayLookupRequestSchema.parse(values)));
      }}
      alerts={
        <>
          <FormErrorSummary show={form.hasErrors} />
          {expired && !lookup.isError ? (
            <p role="status" className="rounded-lg border border-line bg-surface-muted p-4 text-ink">
              {t('payments.guest.expired')}
            </p>
          ) : null}
          {lookup.isError ? (
            <ErrorPanel
              titleId={refusal?.title ?? 'payments.guest.lookupFailed.title'}
              bodyId={refusal?.body ?? 'payments.errors.generic.body'}
            />
          ) : null}
        </>
      }
    >
      <p className="text-ink">{t('payments.guest.lookup.intro')}</p>
      <TextField
        {...form.field('billingAccount')}
        label={t('payments.guest.billingAccount')}
        hint={t('payments.guest.billingAccountHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
      />
      <TextField
        {...form.field('zip')}
        label={t('payments.guest.zip')}
        hint={t('payments.guest.zipHint')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
      />
      <button type="submit" aria-disabled={lookup.isPending || undefined} className={PRIMARY_BUTTON}>
        {t('payments.guest.lookup.submit')}
      </button>
    </StepForm>
  );
}

/**
 * The bill found: the company masked ("Ha*** Co***"), the amount due and its date, and through a pay link what the link
 * still allows; nothing else of the account.
 */
function BillSummary({ bill, limits }: { bill: QuickPayLookupResponse; limits: PayLinkLimits | null }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  return (
    <section aria-labelledby="guest-bill" className="rounded-lg border border-line bg-surface-muted p-4">
      <h2 id="guest-bill" className="font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.guest.bill.title' }, { company: bill.company })}
      </h2>
      <p className="mt-1 text-ink">
        {bill.amountDueCents < 0
          ? intl.formatMessage({ id: 'payments.guest.bill.credit' }, { amount: format.money(-bill.amountDueCents) })
          : bill.amountDueCents === 0
            ? intl.formatMessage({ id: 'payments.guest.bill.nothingDue' })
            : bill.dueDate
              ? intl.formatMessage(
                  { id: 'payments.guest.bill.due' },
                  { amount: format.money(bill.amountDueCents), date: format.date(bill.dueDate) },
                )
              : intl.formatMessage(
                  { id: 'payments.guest.bill.balance' },
                  { amount: format.money(bill.amountDueCents) },
                )}
      </p>
      {limits ? <PayLinkSummary limits={limits} /> : null}
    </section>
  );
}

/** The bill, and the pay link it came through (null after a lookup by account number and ZIP). */
type Found = { bill: QuickPayLookupResponse; limits: PayLinkLimits | null };
type Stage =
  | { step: 'lookup'; expired: boolean }
  | { step: 'link'; link: string }
  | ({ step: 'amount'; amount: AmountState | null } & Found)
  | ({ step: 'method'; amount: AmountState } & Found)
  | ({ step: 'result'; amount: AmountState; payment: GuestPayment } & Found);

/**
 * Quick Pay (`/wg/pay-bill`, issue 17 item 6, wider-portal.md §1): a bill paid without signing in. The account number
 * and service ZIP find it; the amount (the signed-in flow's step, spec §5 bounds and confirmation); a new card or bank
 * account and the receipt's address; the receipt. Nothing of the account is shown but the masked company and the
 * amounts; the saved wallet is never offered.
 */
export function GuestPayPage() {
  const intl = useIntl();
  // a pay link's address, `/wg/pay-bill?link=…` (issue 17 item 7)
  const { link } = useSearch({ from: '/wg/pay-bill' });
  const [stage, setStage] = useState<Stage>(link ? { step: 'link', link } : { step: 'lookup', expired: false });
  const restart = (expired = false) => setStage({ step: 'lookup', expired });
  const onLinkOpened = useCallback(
    ({ payLink, ...bill }: QuickPayLinkResponse) =>
      // the amount step's bounds are the link's: at most what its cap has left
      setStage({
        step: 'amount',
        bill: { ...bill, maxCents: Math.min(bill.maxCents, payLink.capLeftCents) },
        limits: payLink,
        amount: null,
      }),
    [],
  );
  return (
    <div className="px-4 py-10 md:py-14">
      <div className="space-y-6 rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-navy-900">
            {intl.formatMessage({ id: 'payments.guest.title' })}
          </h1>
          <p className="mt-2 text-ink">{intl.formatMessage({ id: 'payments.guest.intro' })}</p>
        </div>
        {stage.step === 'lookup' ? (
          <LookupStep
            key={String(stage.expired)}
            expired={stage.expired}
            onFound={(bill) => setStage({ step: 'amount', bill, limits: null, amount: null })}
          />
        ) : stage.step === 'link' ? (
          <GuestLinkStep link={stage.link} onFound={onLinkOpened} onLookUp={() => restart()} />
        ) : (
          <>
            <BillSummary bill={stage.bill} limits={stage.limits} />
            {stage.step === 'amount' ? (
              <AmountStep
                options={stage.bill}
                initial={stage.amount}
                step={{ current: 2, total: STEPS }}
                focusOnMount
                onContinue={(amount) => setStage({ ...stage, step: 'method', amount })}
              />
            ) : stage.step === 'method' ? (
              <GuestMethodStep
                bill={stage.bill}
                amountCents={stage.amount.amountCents}
                step={{ current: 3, total: STEPS }}
                onDone={(payment) =>
                  payment.kind === 'expired' ? restart(true) : setStage({ ...stage, step: 'result', payment })
                }
              />
            ) : stage.payment.kind === 'paid' ? (
              <Receipt
                payment={stage.payment.receipt}
                methodSaved={null}
                saveError={null}
                focusOnMount
                onNewPayment={() => restart()}
                extraRows={[]}
                back={null}
              />
            ) : (
              <Failure
                code={stage.payment.kind === 'declined' ? stage.payment.code : null}
                fieldMessages={[]}
                savedMethod={null}
                focusOnMount
                onTryAgain={() => setStage({ ...stage, step: 'method' })}
                titleId={undefined}
                back={null}
              />
            )}
          </>
        )}
        <p className="border-t border-line pt-6 text-ink">
          {intl.formatMessage({ id: 'payments.guest.signInInstead' })}{' '}
          <Link to="/login" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'payments.guest.signIn' })}
          </Link>
        </p>
      </div>
    </div>
  );
}
