import { type PaymentOptions, parseAmountToCents, validateAmountText, validatePaymentAmount } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';

export type AmountChoice = 'due' | 'pastDue' | 'other';
export type AmountState = { choice: AmountChoice; otherText: string; amountCents: number };

type AmountStepProps = {
  /** The amounts of a signed-in payment's options, or of a guest's bill (Quick Pay). */
  options: Pick<PaymentOptions, 'amountDueCents' | 'pastDueCents' | 'minCents' | 'maxCents'>;
  initial: AmountState | null;
  step: { current: number; total: number };
  focusOnMount: boolean;
  onContinue: (amount: AmountState) => void;
};

/** Step 1: the amount due, the past-due amount (when there is one) or another amount (spec §5 bounds). */
export function AmountStep({ options, initial, step, focusOnMount, onContinue }: AmountStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const hasDue = options.amountDueCents > 0;
  const hasPastDue = options.pastDueCents > 0;
  const bounds = { minCents: options.minCents, maxCents: options.maxCents };
  const fixedAmount = (choice: AmountChoice) => (choice === 'pastDue' ? options.pastDueCents : options.amountDueCents);
  const form = useForm<{ choice: AmountChoice; otherText: string }>({
    initial: () => ({
      choice:
        initial && (initial.choice !== 'pastDue' || hasPastDue) && (initial.choice !== 'due' || hasDue)
          ? initial.choice
          : hasDue
            ? 'due'
            : 'other',
      otherText: initial?.otherText ?? '',
    }),
    rules: {
      choice: (choice) => (choice === 'other' ? null : validatePaymentAmount(fixedAmount(choice), bounds)),
      otherText: (text, { choice }) => (choice === 'other' ? validateAmountText(text, bounds) : null),
    },
  });
  const { choice } = form.values;
  const [confirming, setConfirming] = useState<AmountState | null>(null);

  const submit = () =>
    form.submit(({ choice, otherText }) => {
      const amount = {
        choice,
        otherText,
        amountCents: choice === 'other' ? (parseAmountToCents(otherText) ?? 0) : fixedAmount(choice),
      };
      // spec §5: more than the amount due asks for confirmation first.
      if (amount.amountCents > options.amountDueCents) setConfirming(amount);
      else onContinue(amount);
    });

  const option = (value: AmountChoice, label: string, cents: number | null) => ({
    value,
    label,
    detail: cents === null ? null : format.money(cents),
  });

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.amount.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
    >
      <RadioGroup
        {...form.field('choice')}
        onChange={(value) => {
          form.set('choice', value);
          form.clearErrors();
        }}
        legend={intl.formatMessage({ id: 'payments.amount.legend' })}
        options={[
          ...(hasDue ? [option('due', intl.formatMessage({ id: 'payments.amount.due' }), options.amountDueCents)] : []),
          ...(hasPastDue
            ? [option('pastDue', intl.formatMessage({ id: 'payments.amount.pastDue' }), options.pastDueCents)]
            : []),
          {
            ...option('other', intl.formatMessage({ id: 'payments.amount.other' }), null),
            after:
              choice === 'other' ? (
                <TextField
                  {...form.field('otherText')}
                  className="pt-2 pl-8"
                  label={intl.formatMessage({ id: 'payments.amount.otherField' })}
                  hint={intl.formatMessage(
                    { id: 'payments.amount.otherHint' },
                    { minCents: format.money(options.minCents), maxCents: format.money(options.maxCents) },
                  )}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={15}
                />
              ) : null,
          },
        ]}
      />

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
