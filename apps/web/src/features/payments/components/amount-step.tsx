import { type PaymentOptions, parseAmountToCents, validatePaymentAmount } from '@vireo/shared';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CHOICE, FIELD_ERROR, PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';

export type AmountChoice = 'due' | 'pastDue' | 'other';
export type AmountState = { choice: AmountChoice; otherText: string; amountCents: number };

type AmountStepProps = {
  options: PaymentOptions;
  initial: AmountState | null;
  step: { current: number; total: number };
  focusOnMount: boolean;
  onContinue: (amount: AmountState) => void;
};

/** Step 1: the amount due, the past-due amount (when there is one) or another amount (spec §5 bounds). */
export function AmountStep({ options, initial, step, focusOnMount, onContinue }: AmountStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const groupId = useId();
  const errorId = useId();
  const hasDue = options.amountDueCents > 0;
  const hasPastDue = options.pastDueCents > 0;
  const [choice, setChoice] = useState<AmountChoice>(() => {
    if (initial && (initial.choice !== 'pastDue' || hasPastDue) && (initial.choice !== 'due' || hasDue)) {
      return initial.choice;
    }
    return hasDue ? 'due' : 'other';
  });
  const [otherText, setOtherText] = useState(initial?.otherText ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AmountState | null>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  const firstRadioRef = useRef<HTMLInputElement>(null);

  const amountOf = (which: AmountChoice): number | null => {
    if (which === 'due') return options.amountDueCents;
    if (which === 'pastDue') return options.pastDueCents;
    return parseAmountToCents(otherText);
  };

  const submit = () => {
    const amountCents = amountOf(choice);
    const result =
      amountCents === null
        ? ({ ok: false, message: 'payments.amount.invalid' } as const)
        : validatePaymentAmount(amountCents, { minCents: options.minCents, maxCents: options.maxCents });
    if (!result.ok || amountCents === null) {
      setError(result.ok ? null : format.rule(result));
      (choice === 'other' ? otherRef : firstRadioRef).current?.focus();
      return;
    }
    setError(null);
    const amount = { choice, otherText, amountCents };
    // spec §5: more than the amount due asks for confirmation first.
    if (amountCents > options.amountDueCents) setConfirming(amount);
    else onContinue(amount);
  };

  const radio = (value: AmountChoice, label: string, amount: string | null, first = false) => (
    <label className={CHOICE}>
      <input
        ref={first ? firstRadioRef : undefined}
        type="radio"
        name={groupId}
        value={value}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          setError(null);
        }}
        className="size-5 accent-brand-700"
      />
      <span className="font-semibold text-ink">{label}</span>
      {amount ? <span className="ml-auto tabular-nums text-ink">{amount}</span> : null}
    </label>
  );

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.amount.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
    >
      <fieldset aria-describedby={error && choice !== 'other' ? errorId : undefined} className="max-w-md space-y-2">
        <legend className="mb-2 font-semibold text-ink">{intl.formatMessage({ id: 'payments.amount.legend' })}</legend>
        {hasDue
          ? radio('due', intl.formatMessage({ id: 'payments.amount.due' }), format.money(options.amountDueCents), true)
          : null}
        {hasPastDue
          ? radio('pastDue', intl.formatMessage({ id: 'payments.amount.pastDue' }), format.money(options.pastDueCents))
          : null}
        {radio('other', intl.formatMessage({ id: 'payments.amount.other' }), null, !hasDue)}
        {choice === 'other' ? (
          <TextField
            className="pt-2 pl-8"
            label={intl.formatMessage({ id: 'payments.amount.otherField' })}
            hint={intl.formatMessage(
              { id: 'payments.amount.otherHint' },
              { minCents: format.money(options.minCents), maxCents: format.money(options.maxCents) },
            )}
            value={otherText}
            onChange={(value) => {
              setOtherText(value);
              setError(null);
            }}
            error={error}
            inputRef={otherRef}
            inputMode="decimal"
            autoComplete="off"
            maxLength={15}
          />
        ) : null}
        {error && choice !== 'other' ? (
          <p id={errorId} className={FIELD_ERROR}>
            {error}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'payments.continue' })}
      </button>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={intl.formatMessage({ id: 'payments.amount.confirm.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.amount.confirm.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'payments.cancel' })}
        initialFocus="confirm"
        onConfirm={() => {
          const amount = confirming;
          setConfirming(null);
          if (amount) onContinue(amount);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {intl.formatMessage(
            { id: 'payments.amount.confirm.body' },
            {
              amount: format.money(confirming?.amountCents ?? 0),
              amountDue: format.money(options.amountDueCents),
            },
          )}
        </p>
      </ConfirmDialog>
    </StepForm>
  );
}
