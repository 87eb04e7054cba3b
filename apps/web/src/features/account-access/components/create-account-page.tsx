import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  AppError,
  EmailAddressSchema,
  LINK_EXPIRY_MINUTES,
  RegistrationRequestSchema,
  UsernameSchema,
} from '@vireo/shared';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { getCurrentLocale } from '../../../lib/locale';
import type { MessageId } from '../../../messages';
import { register } from '../api/open-doors';
import { passwordRule, schemaRule, serverFieldErrors } from '../utils/field-rules';
import { DoorFrame, EmailSentNotice } from './door-frame';
import { PasswordField, UsernameField } from './password-field';

type Values = {
  billingAccount: string;
  zip: string;
  statementCode: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
};

const FIELD_MESSAGES: Record<keyof Values, MessageId> = {
  billingAccount: 'accountAccess.errors.billingAccount',
  zip: 'accountAccess.errors.zip',
  statementCode: 'accountAccess.errors.statementCode',
  firstName: 'accountAccess.errors.firstName',
  lastName: 'accountAccess.errors.lastName',
  email: 'accountAccess.errors.email',
  username: 'accountAccess.errors.username',
  password: 'password.problem.tooShort',
};

const shape = RegistrationRequestSchema.shape;
const RULES = {
  billingAccount: schemaRule(shape.billingAccount, FIELD_MESSAGES.billingAccount),
  zip: schemaRule(shape.zip, FIELD_MESSAGES.zip),
  statementCode: schemaRule(shape.statementCode, FIELD_MESSAGES.statementCode),
  firstName: schemaRule(shape.firstName, FIELD_MESSAGES.firstName),
  lastName: schemaRule(shape.lastName, FIELD_MESSAGES.lastName),
  email: schemaRule(EmailAddressSchema, FIELD_MESSAGES.email),
  username: schemaRule(UsernameSchema, FIELD_MESSAGES.username),
  password: (password: string, values: Values) => passwordRule(password, values.username),
};

/** The page-level refusals (wider-portal.md §1): one answer for every wrong detail, so none reveals which. */
const REFUSALS: Partial<Record<string, { title: MessageId; body: MessageId }>> = {
  REGISTRATION_MISMATCH: { title: 'accountAccess.refused.mismatchTitle', body: 'accountAccess.refused.mismatchBody' },
  REGISTRATION_LOCKED: { title: 'accountAccess.refused.lockedTitle', body: 'accountAccess.refused.lockedBody' },
  ACCOUNT_HAS_OWNER: { title: 'accountAccess.refused.ownerTitle', body: 'accountAccess.refused.ownerBody' },
  RATE_LIMITED: { title: 'accountAccess.refused.rateLimitedTitle', body: 'accountAccess.refused.rateLimitedBody' },
};
const GENERIC = { title: 'accountAccess.refused.genericTitle', body: 'accountAccess.refused.genericBody' } as const;

const EMPTY: Values = {
  billingAccount: '',
  zip: '',
  statementCode: '',
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
};

const FIELDSET = 'space-y-4 border-t border-line pt-5';
const LEGEND = 'float-left mb-3 w-full text-lg font-semibold text-navy-900';

/**
 * Create account (`/create-account`, issue 17 item 2, wider-portal.md §1): the account (number, service ZIP, the
 * statement's 6-digit security code), the person, then the sign-in they choose. The server e-mails a verification link;
 * the user exists, as the account's PRIMARY, once that link is used (`/verify-link`).
 */
export function CreateAccountPage() {
  const intl = useIntl();
  const form = useForm<Values>({ initial: EMPTY, rules: RULES });
  const registration = useMutation({
    mutationFn: (values: Values) =>
      register({ ...RegistrationRequestSchema.parse({ ...values, language: getCurrentLocale() }) }),
    onError: (error) => {
      const fields = serverFieldErrors<Values>(error, FIELD_MESSAGES);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
    },
  });
  const t = (id: MessageId) => intl.formatMessage({ id });

  if (registration.isSuccess) {
    return (
      <DoorFrame title={t('accountAccess.sent.title')} focusTitle>
        <EmailSentNotice
          bodyId="accountAccess.sent.verification"
          sentTo={registration.data.sentTo}
          values={{ hours: LINK_EXPIRY_MINUTES.verify_email / 60 }}
        />
      </DoorFrame>
    );
  }

  const errorCode = AppError.is(registration.error) ? registration.error.code : null;
  const fieldRefusal =
    errorCode === 'USERNAME_TAKEN' || errorCode === 'PASSWORD_REFUSED' || errorCode === 'VALIDATION_FAILED';
  const refusal = registration.isError && !fieldRefusal ? (REFUSALS[errorCode ?? ''] ?? GENERIC) : null;
  const field = (name: keyof Values) => form.field(name);

  return (
    <DoorFrame title={t('accountAccess.create.title')}>
      <p className="mt-2 text-ink">{t('accountAccess.create.intro')}</p>
      <Form
        form={form}
        onSubmit={() => {
          if (!registration.isPending) form.submit((values) => registration.mutate(values));
        }}
        className="mt-6 space-y-6"
        alerts={
          refusal ? (
            <ErrorPanel titleId={refusal.title} bodyId={refusal.body} headingLevel={2}>
              {errorCode === 'ACCOUNT_HAS_OWNER' ? (
                <Link to="/login" className={TEXT_LINK}>
                  {t('accountAccess.backToSignIn')}
                </Link>
              ) : null}
            </ErrorPanel>
          ) : null
        }
      >
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t('accountAccess.create.accountLegend')}</legend>
          <TextField
            label={t('accountAccess.field.billingAccount')}
            hint={t('accountAccess.field.billingAccountHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
            {...field('billingAccount')}
          />
          <TextField
            label={t('accountAccess.field.zip')}
            hint={t('accountAccess.field.zipHint')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...field('zip')}
          />
          <TextField
            label={t('accountAccess.field.statementCode')}
            hint={t('accountAccess.field.statementCodeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('statementCode')}
          />
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t('accountAccess.create.personLegend')}</legend>
          <TextField
            label={t('accountAccess.field.firstName')}
            autoComplete="given-name"
            maxLength={50}
            {...field('firstName')}
          />
          <TextField
            label={t('accountAccess.field.lastName')}
            autoComplete="family-name"
            maxLength={50}
            {...field('lastName')}
          />
          <TextField
            label={t('accountAccess.field.email')}
            hint={t('accountAccess.field.emailHint')}
            type="email"
            autoComplete="email"
            maxLength={254}
            {...field('email')}
          />
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>{t('accountAccess.create.signInLegend')}</legend>
          <UsernameField {...field('username')} />
          <PasswordField
            label={t('accountAccess.field.password')}
            username={form.values.username}
            words={[form.values.firstName, form.values.lastName, form.values.email]}
            {...field('password')}
          />
        </fieldset>
        <button
          type="submit"
          aria-disabled={registration.isPending || undefined}
          className={`${PRIMARY_BUTTON} w-full`}
        >
          {t(registration.isPending ? 'accountAccess.create.submitting' : 'accountAccess.create.submit')}
        </button>
      </Form>
      <p className="mt-6 border-t border-line pt-6 text-ink">
        {t('accountAccess.create.haveSignIn')}{' '}
        <Link to="/login" className={TEXT_LINK}>
          {t('accountAccess.signIn')}
        </Link>
      </p>
    </DoorFrame>
  );
}
