import { MAX_SAVED_METHODS, type PaymentOptions, type VaultToken, validateFreeText } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type FormRules, useForm } from '../../../components/form/use-form';
import { errorCode } from '../../../components/ui/api-errors';
import { CARD_ATTEMPT_FAILURES } from '../../../components/ui/card-attempt-failures';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { SaveMethodCheckbox } from '../../../components/ui/payment-method-forms';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useConnectOnlineBanking } from '../api/connect-online-banking';
import type { ErrorMessage } from '../utils/payment-errors';
import { type ChosenMethod, canAddCard } from '../utils/payment-methods';

type BankLoginStepProps = {
  options: PaymentOptions;
  step: { current: number; total: number };
  focusOnMount: boolean;
  /** The account connected earlier in this flow, when coming back to this step. */
  chosen: ChosenMethod | null;
  onContinue: (chosen: ChosenMethod) => void;
  onBack: () => void;
  /** The spec §8 advice after a failure: enter the bank account by hand, or add a card. */
  onEnterManually: () => void;
  onAddCard: () => void;
};

type BankLogin = { institution: string; username: string; password: string; save: boolean };

/** spec §2.4: each field is required; issue 14 item 6: the bank's name and the user name are free text, never a card
 * number (the shared rule). */
const BANK_LOGIN_RULES: FormRules<BankLogin> = {
  institution: (text) =>
    text.trim() ? validateFreeText(text) : { ok: false, message: 'payments.online.institution.required' },
  username: (text) => (text ? validateFreeText(text) : { ok: false, message: 'payments.online.username.required' }),
  password: (text) => (text ? null : { ok: false, message: 'payments.online.password.required' }),
};

const ONLINE_BANKING_FAILURE: ErrorMessage = {
  titleId: 'payments.errors.onlineBanking.title',
  bodyId: 'payments.errors.onlineBanking.body',
};

/** Step 3 of 5 (spec §2.4 online bank login): sign in at the bank, which hands the vault the account to pay from. */
export function BankLoginStep({
  options,
  step,
  focusOnMount,
  chosen,
  onContinue,
  onBack,
  onEnterManually,
  onAddCard,
}: BankLoginStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const connect = useConnectOnlineBanking();
  const form = useForm<BankLogin>({
    initial: () => ({ institution: '', username: '', password: '', save: chosen?.kind === 'new' ? chosen.save : true }),
    rules: BANK_LOGIN_RULES,
  });
  // the bank's refusal, or the card-testing slowdown or pause of the account (issue 14 item 11)
  const [failed, setFailed] = useState<ErrorMessage | null>(null);
  const [token, setToken] = useState<VaultToken | null>(() =>
    chosen?.kind === 'new' && chosen.via === 'online' ? chosen.token : null,
  );
  const walletFull = options.methods.length >= MAX_SAVED_METHODS;
  const save = walletFull ? false : form.values.save;

  const submit = () => {
    if (connect.isPending) return;
    if (token) {
      onContinue({ kind: 'new', token, save, via: 'online' });
      return;
    }
    if (!form.validate()) return;
    setFailed(null);
    const { institution, username, password } = form.values;
    connect.mutate(
      { institution: institution.trim(), username, password },
      {
        onSuccess: (result) => {
          form.set('password', '');
          setToken(result);
          onContinue({ kind: 'new', token: result, save, via: 'online' });
        },
        onError: (error) => {
          form.set('password', '');
          setFailed(CARD_ATTEMPT_FAILURES[errorCode(error) ?? ''] ?? ONLINE_BANKING_FAILURE);
        },
      },
    );
  };

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.online.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
      alerts={
        failed ? (
          <ErrorPanel titleId={failed.titleId} bodyId={failed.bodyId} values={failed.values}>
            <button type="button" className={SECONDARY_BUTTON} onClick={onEnterManually}>
              {intl.formatMessage({ id: 'payments.online.manual' })}
            </button>
            {canAddCard(options) ? (
              <button type="button" className={SECONDARY_BUTTON} onClick={onAddCard}>
                {intl.formatMessage({ id: 'payments.method.addCard' })}
              </button>
            ) : null}
          </ErrorPanel>
        ) : null
      }
    >
      {token ? (
        <div className="max-w-md space-y-3">
          <p className={NOTICE}>
            {intl.formatMessage({ id: 'payments.online.connected' }, { method: format.methodOf(token) })}
          </p>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => setToken(null)}>
            {intl.formatMessage({ id: 'payments.online.again' })}
          </button>
        </div>
      ) : (
        <div className="grid max-w-md gap-4">
          <p className="text-ink">{intl.formatMessage({ id: 'payments.online.intro' })}</p>
          <TextField
            label={intl.formatMessage({ id: 'payments.online.institution' })}
            {...form.field('institution')}
            autoComplete="organization"
            maxLength={100}
          />
          <TextField
            label={intl.formatMessage({ id: 'payments.online.username' })}
            {...form.field('username')}
            autoComplete="off"
            maxLength={100}
          />
          <TextField
            label={intl.formatMessage({ id: 'payments.online.password' })}
            type="password"
            {...form.field('password')}
            autoComplete="off"
            maxLength={100}
          />
        </div>
      )}
      <SaveMethodCheckbox
        checked={form.values.save}
        onChange={(value) => form.set('save', value)}
        disabledReason={
          walletFull ? intl.formatMessage({ id: 'payments.method.walletFull' }, { max: MAX_SAVED_METHODS }) : null
        }
      />
      {connect.isPending ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'payments.online.connecting' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={connect.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: token ? 'payments.continue' : 'payments.online.signIn' })}
        </button>
        <button type="button" onClick={onBack} className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>
    </StepForm>
  );
}
