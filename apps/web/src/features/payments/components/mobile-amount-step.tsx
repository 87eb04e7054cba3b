import {
  devicePaymentBounds,
  type MobileDevice,
  type MobilePaymentOptions,
  parseAmountToCents,
  type RuleResult,
  validatePaymentAmount,
} from '@vireo/shared';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CHOICE, FIELD_ERROR, NOTICE, PRIMARY_BUTTON } from '../../../components/ui/form-styles';
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

const INVALID: RuleResult = { ok: false, message: 'payments.amount.invalid' };

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
  const groupName = useId();
  const errorId = useId();
  const choices = availableChoices(options);
  const [choice, setChoice] = useState<MobileAmountChoice | null>(() =>
    initialChoice(choices, [initial?.choice, preset]),
  );
  const [otherText, setOtherText] = useState(initial?.otherText ?? '');
  const [extraText, setExtraText] = useState(initial?.extraText ?? '');
  const [error, setError] = useState<string | null>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  const extraRef = useRef<HTMLInputElement>(null);
  const firstRadioRef = useRef<HTMLInputElement>(null);
  const device = choice ? deviceOfChoice(choice, options.devices) : null;
  const typed = choice === 'other' || choice?.startsWith('extra:');

  /** The amount of a choice and the rule it must pass. */
  const evaluate = (which: MobileAmountChoice): { amountCents: number | null; result: RuleResult } => {
    const chosenDevice = deviceOfChoice(which, options.devices);
    if (which === 'balance') return { amountCents: options.balanceCents, result: { ok: true } };
    if (chosenDevice && which.startsWith('payoff:')) {
      return { amountCents: chosenDevice.payoffCents, result: { ok: true } };
    }
    const text = which === 'other' ? otherText : extraText;
    const amountCents = parseAmountToCents(text);
    if (amountCents === null) return { amountCents, result: INVALID };
    const bounds = chosenDevice
      ? devicePaymentBounds(chosenDevice)
      : { minCents: options.minCents, maxCents: options.maxCents };
    return { amountCents, result: validatePaymentAmount(amountCents, bounds) };
  };

  const submit = () => {
    if (!choice) {
      setError(intl.formatMessage({ id: 'payments.mobile.amount.choose' }));
      firstRadioRef.current?.focus();
      return;
    }
    const { amountCents, result } = evaluate(choice);
    if (!result.ok || amountCents === null) {
      setError(result.ok ? null : format.rule(result));
      (choice === 'other' ? otherRef : choice.startsWith('extra:') ? extraRef : firstRadioRef).current?.focus();
      return;
    }
    setError(null);
    onContinue({ choice, otherText, extraText, amountCents, device, target: targetOf(choice, device) });
  };

  const choose = (next: MobileAmountChoice) => {
    if (next !== choice && next.startsWith('extra:')) setExtraText('');
    setChoice(next);
    setError(null);
  };

  const radio = (value: MobileAmountChoice, label: string, amount: string | null) => (
    <label key={value} className={CHOICE}>
      <input
        ref={value === choices[0] ? firstRadioRef : undefined}
        type="radio"
        name={groupName}
        value={value}
        checked={choice === value}
        onChange={() => choose(value)}
        className="size-5 accent-brand-700"
      />
      <span className="font-semibold text-ink">{label}</span>
      {amount ? <span className="ml-auto tabular-nums text-ink">{amount}</span> : null}
    </label>
  );

  const preview = choice && device ? evaluate(choice) : null;

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
          <fieldset aria-describedby={error && !typed ? errorId : undefined} className="max-w-xl space-y-2">
            <legend className="mb-2 font-semibold text-ink">
              {intl.formatMessage({ id: 'payments.amount.legend' })}
            </legend>
            {options.balanceCents > 0
              ? radio(
                  'balance',
                  intl.formatMessage({ id: 'payments.mobile.amount.balance' }),
                  format.money(options.balanceCents),
                )
              : null}
            {payableDevices(options).map((item) => [
              radio(
                `payoff:${item.id}`,
                intl.formatMessage({ id: 'payments.mobile.amount.payoff' }, { model: item.model }),
                format.money(item.payoffCents),
              ),
              radio(
                `extra:${item.id}`,
                intl.formatMessage({ id: 'payments.mobile.amount.extra' }, { model: item.model }),
                null,
              ),
              choice === `extra:${item.id}` ? (
                <TextField
                  key={`extra-field:${item.id}`}
                  className="pt-2 pl-8"
                  label={intl.formatMessage({ id: 'payments.mobile.amount.extraField' })}
                  hint={intl.formatMessage(
                    { id: 'payments.amount.otherHint' },
                    {
                      minCents: format.money(devicePaymentBounds(item).minCents),
                      maxCents: format.money(devicePaymentBounds(item).maxCents),
                    },
                  )}
                  value={extraText}
                  onChange={(value) => {
                    setExtraText(value);
                    setError(null);
                  }}
                  error={error}
                  inputRef={extraRef}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={15}
                />
              ) : null,
            ])}
            {options.balanceCents > 0
              ? radio('other', intl.formatMessage({ id: 'payments.amount.other' }), null)
              : null}
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
            {error && !typed ? (
              <p id={errorId} className={FIELD_ERROR}>
                {error}
              </p>
            ) : null}
          </fieldset>
          {device && preview?.result.ok && preview.amountCents !== null ? (
            <DevicePaymentEffect device={device} amountCents={preview.amountCents} />
          ) : null}
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'payments.continue' })}
          </button>
        </>
      )}
    </StepForm>
  );
}
