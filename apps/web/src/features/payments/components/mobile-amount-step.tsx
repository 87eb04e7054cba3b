import {
  devicePaymentBounds,
  type MobileDevice,
  type MobilePaymentOptions,
  parseAmountToCents,
  type RuleResult,
  validateAmountText,
  validatePaymentAmount,
} from '@vireo/shared';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { NOTICE, PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import {
  deviceOfChoice,
  initialChoice,
  type MobileAmountChoice,
  type MobileAmountState,
  targetOf,
} from '../utils/mobile-payment';
import { DevicePaymentEffect } from './device-payment-effect';

type MobileAmountStepProps = {
  options: MobilePaymentOptions;
  initial: MobileAmountState | null;
  /** The choice a device link of the mobile billing home asked for, when it can still be paid. */
  preset: MobileAmountChoice | null;
  step: { current: number; total: number };
  focusOnMount: boolean;
  onContinue: (amount: MobileAmountState) => void;
};

const CHOOSE: RuleResult = { ok: false, message: 'payments.mobile.amount.choose' };

/** Devices with something left to pay, in the order the server lists them. */
function payableDevices(options: MobilePaymentOptions): MobileDevice[] {
  return options.devices.filter((device) => device.payoffCents > 0);
}

function availableChoices(options: MobilePaymentOptions): MobileAmountChoice[] {
  const hasBalance = options.balanceCents > 0;
  return [
    ...(hasBalance ? (['balance'] as const) : []),
    ...payableDevices(options).flatMap((device) => [`payoff:${device.id}` as const, `extra:${device.id}` as const]),
    ...(hasBalance ? (['other'] as const) : []),
  ];
}

/**
 * Step 1 of a mobile payment (issue 7): the mobile balance, each device's payoff or an extra payment toward it, or
 * another amount up to the mobile balance (spec §5 dynamic maximum). A device choice shows what it does to the next
 * bill before anything is paid.
 */
export function MobileAmountStep({ options, initial, preset, step, focusOnMount, onContinue }: MobileAmountStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const choices = availableChoices(options);
  const boundsOf = (device: MobileDevice | null) =>
    device ? devicePaymentBounds(device) : { minCents: options.minCents, maxCents: options.maxCents };
  const form = useForm<{ choice: MobileAmountChoice | null; otherText: string; extraText: string }>({
    initial: () => ({
      choice: initialChoice(choices, [initial?.choice, preset]),
      otherText: initial?.otherText ?? '',
      extraText: initial?.extraText ?? '',
    }),
    rules: {
      choice: (choice) => (choice ? null : CHOOSE),
      otherText: (text, { choice }) => (choice === 'other' ? validateAmountText(text, boundsOf(null)) : null),
      extraText: (text, { choice }) =>
        choice?.startsWith('extra:')
          ? validateAmountText(text, boundsOf(deviceOfChoice(choice, options.devices)))
          : null,
    },
  });
  const { choice, otherText, extraText } = form.values;
  const device = choice ? deviceOfChoice(choice, options.devices) : null;

  /** The amount of a choice, when it is one. */
  const amountOf = (which: MobileAmountChoice): number | null => {
    if (which === 'balance') return options.balanceCents;
    const chosenDevice = deviceOfChoice(which, options.devices);
    if (chosenDevice && which.startsWith('payoff:')) return chosenDevice.payoffCents;
    return parseAmountToCents(which === 'other' ? otherText : extraText);
  };

  const submit = () =>
    form.submit(({ choice, otherText, extraText }) => {
      const amountCents = choice ? amountOf(choice) : null;
      if (!choice || amountCents === null) return;
      onContinue({ choice, otherText, extraText, amountCents, device, target: targetOf(choice, device) });
    });

  const choose = (next: MobileAmountChoice | null) => {
    if (next === null) return;
    if (next !== choice && next.startsWith('extra:')) form.set('extraText', '');
    form.set('choice', next);
    form.clearErrors();
  };

  const amountField = (
    name: 'otherText' | 'extraText',
    label: string,
    bounds: { minCents: number; maxCents: number },
  ) => (
    <TextField
      {...form.field(name)}
      className="pt-2 pl-8"
      label={label}
      hint={intl.formatMessage(
        { id: 'payments.amount.otherHint' },
        { minCents: format.money(bounds.minCents), maxCents: format.money(bounds.maxCents) },
      )}
      inputMode="decimal"
      autoComplete="off"
      maxLength={15}
    />
  );

  const previewCents = choice && device ? amountOf(choice) : null;
  const previewOk =
    previewCents !== null &&
    (choice?.startsWith('payoff:') || validatePaymentAmount(previewCents, boundsOf(device)).ok);

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.amount.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
    >
      {choices.length === 0 ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'payments.mobile.amount.nothingDue' })}</p>
      ) : (
        <>
          {options.balanceCents > 0 ? null : (
            <p className={`${NOTICE} max-w-xl`}>
              {intl.formatMessage({ id: 'payments.mobile.amount.nothingOnBalance' })}
            </p>
          )}
          <RadioGroup
            {...form.field('choice')}
            onChange={choose}
            className="max-w-xl space-y-2"
            legend={intl.formatMessage({ id: 'payments.amount.legend' })}
            options={[
              ...(options.balanceCents > 0
                ? [
                    {
                      value: 'balance' as const,
                      label: intl.formatMessage({ id: 'payments.mobile.amount.balance' }),
                      detail: format.money(options.balanceCents),
                    },
                  ]
                : []),
              ...payableDevices(options).flatMap((item) => [
                {
                  value: `payoff:${item.id}` as const,
                  label: intl.formatMessage({ id: 'payments.mobile.amount.payoff' }, { model: item.model }),
                  detail: format.money(item.payoffCents),
                },
                {
                  value: `extra:${item.id}` as const,
                  label: intl.formatMessage({ id: 'payments.mobile.amount.extra' }, { model: item.model }),
                  after:
                    choice === `extra:${item.id}`
                      ? amountField(
                          'extraText',
                          intl.formatMessage({ id: 'payments.mobile.amount.extraField' }),
                          devicePaymentBounds(item),
                        )
                      : null,
                },
              ]),
              ...(options.balanceCents > 0
                ? [
                    {
                      value: 'other' as const,
                      label: intl.formatMessage({ id: 'payments.amount.other' }),
                      after:
                        choice === 'other'
                          ? amountField(
                              'otherText',
                              intl.formatMessage({ id: 'payments.amount.otherField' }),
                              boundsOf(null),
                            )
                          : null,
                    },
                  ]
                : []),
            ]}
          />
          {device && previewOk && previewCents !== null ? (
            <DevicePaymentEffect device={device} amountCents={previewCents} />
          ) : null}
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'payments.continue' })}
          </button>
        </>
      )}
    </StepForm>
  );
}
