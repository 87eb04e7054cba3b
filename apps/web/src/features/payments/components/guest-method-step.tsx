import { useMutation } from '@tanstack/react-query';
import {
  AppError,
  EmailAddressSchema,
  type QuickPayLookupResponse,
  type QuickPayReceipt,
  type TokenizeRequest,
} from '@vireo/shared';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { useNewMethodForm } from '../../../components/ui/payment-method-forms';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { getCurrentLocale } from '../../../lib/locale';
import { payAsGuest, tokenizeForGuest } from '../api/guest-pay';
import { PAY_LINK_REFUSALS } from '../utils/pay-link-refusals';
import { type ErrorMessage, isOutcomeUnknown, paymentFailureMessage } from '../utils/payment-errors';

type Kind = 'card' | 'bank';

export type GuestPayment =
  | { kind: 'paid'; receipt: QuickPayReceipt }
  | { kind: 'declined'; code: string | null }
  /** The Quick Pay token ran out (20 minutes): the guest looks the bill up again. */
  | { kind: 'expired' };

type GuestMethodStepProps = {
  bill: QuickPayLookupResponse;
  amountCents: number;
  step: { current: number; total: number };
  onDone: (payment: GuestPayment) => void;
};

const UNKNOWN_OUTCOME: ErrorMessage = {
  titleId: 'payments.guest.unknown.title',
  bodyId: 'payments.guest.unknown.body',
};

/**
 * Quick Pay's last step (wider-portal.md §1): a new card or bank account (never a saved one: a guest has no wallet),
 * the address the receipt goes to, and Pay. The method goes to the vault's guest door first; its token is kept while
 * the fields stay the same, so a retry after a lost answer sends the same payment under the same Idempotency-Key
 * (exactly once, as a signed-in payment).
 */
export function GuestMethodStep({ bill, amountCents, step, onDone }: GuestMethodStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const kinds: Kind[] =
    bill.restriction === 'card' ? ['bank'] : bill.restriction === 'bank' ? ['card'] : ['card', 'bank'];
  const form = useForm<{ kind: Kind; email: string }>({
    initial: { kind: kinds[0] ?? 'card', email: '' },
    rules: {
      email: (email) =>
        EmailAddressSchema.safeParse(email).success
          ? { ok: true }
          : { ok: false, message: 'payments.guest.emailInvalid' },
    },
  });
  const method = useNewMethodForm(form.values.kind, bill.today);
  const tokenized = useRef<{ request: string; token: string } | null>(null);
  const intent = useRef(new IntentKey());
  const [failure, setFailure] = useState<ErrorMessage | null>(null);

  const pay = useMutation({
    mutationFn: async ({ request, email }: { request: TokenizeRequest; email: string }) => {
      const text = JSON.stringify(request);
      if (tokenized.current?.request !== text) {
        const vault = await tokenizeForGuest(bill.quickPayToken, request);
        tokenized.current = { request: text, token: vault.token };
      }
      const body = {
        quickPayToken: bill.quickPayToken,
        amountCents,
        methodToken: tokenized.current.token,
        email: EmailAddressSchema.parse(email),
        language: getCurrentLocale(),
      };
      // the key follows the payment, not the Quick Pay token: a new lookup is the same payment
      return payAsGuest(body, intent.current.for({ ...body, quickPayToken: undefined }));
    },
    onSuccess: (response) => {
      intent.current.reset();
      tokenized.current = null;
      if (response.outcome === 'success' && response.receipt) {
        method.clear();
        onDone({ kind: 'paid', receipt: response.receipt });
      } else onDone({ kind: 'declined', code: response.paymentError });
    },
    onError: (error) => {
      if (AppError.is(error) && error.code === 'QUICK_PAY_SESSION_EXPIRED') {
        onDone({ kind: 'expired' });
        return;
      }
      if (isOutcomeUnknown(error)) {
        setFailure(UNKNOWN_OUTCOME);
        return;
      }
      intent.current.reset();
      tokenized.current = null;
      // a pay link refused the payment (issue 17 item 7): revoked, expired or used up meanwhile, or over its cap
      const refusal = AppError.is(error) ? PAY_LINK_REFUSALS[error.code] : undefined;
      if (AppError.is(error) && refusal) {
        setFailure({ ...refusal, values: { amount: format.money(Number(error.details?.capLeftCents ?? 0)) } });
        return;
      }
      if (method.showServerErrors(error)) return;
      setFailure(paymentFailureMessage(AppError.is(error) ? error.code : null));
    },
  });

  const submit = () => {
    if (pay.isPending) return;
    setFailure(null);
    const emailOk = form.validate();
    const request = method.request();
    if (emailOk && request) pay.mutate({ request, email: form.values.email });
  };

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.method.title' })}
      step={step}
      focusOnMount
      onSubmit={submit}
      alerts={
        <>
          <FormErrorSummary show={form.hasErrors || method.hasErrors} />
          {failure ? <ErrorPanel titleId={failure.titleId} bodyId={failure.bodyId} values={failure.values} /> : null}
        </>
      }
    >
      {kinds.length > 1 ? (
        <RadioGroup<Kind>
          {...form.field('kind')}
          legend={intl.formatMessage({ id: 'payments.method.legend' })}
          options={[
            { value: 'card', label: intl.formatMessage({ id: 'payments.guest.kind.card' }) },
            { value: 'bank', label: intl.formatMessage({ id: 'payments.guest.kind.bank' }) },
          ]}
        />
      ) : (
        <p className="text-ink">
          {intl.formatMessage({
            id: bill.restriction === 'card' ? 'payments.method.restricted.card' : 'payments.method.restricted.bank',
          })}
        </p>
      )}
      {method.fields}
      <TextField
        {...form.field('email')}
        label={intl.formatMessage({ id: 'payments.guest.email' })}
        hint={intl.formatMessage({ id: 'payments.guest.emailHint' })}
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <button type="submit" aria-disabled={pay.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage(
          { id: pay.isPending ? 'payments.guest.paying' : 'payments.guest.pay' },
          { amount: format.money(amountCents) },
        )}
      </button>
    </StepForm>
  );
}
