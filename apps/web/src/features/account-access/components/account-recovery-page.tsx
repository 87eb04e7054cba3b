import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { AppError, EmailAddressSchema, LINK_EXPIRY_MINUTES } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { getCurrentLocale } from '../../../lib/locale';
import type { MessageId } from '../../../messages';
import { type RecoveryKind, recover, resetPassword } from '../api/open-doors';
import { passwordRule, schemaRule, serverFieldErrors } from '../utils/field-rules';
import { forgetResetToken, type ResetLink, readResetToken } from '../utils/reset-token';
import { DoorFrame, EmailSentNotice } from './door-frame';
import { PasswordField } from './password-field';

type RequestValues = { kind: RecoveryKind | null; email: string };
const REQUEST_RULES = {
  kind: (kind: RecoveryKind | null) =>
    kind ? { ok: true as const } : { ok: false as const, message: 'accountAccess.errors.recoveryKind' },
  email: schemaRule(EmailAddressSchema, 'accountAccess.errors.email'),
};

const SENT: Record<RecoveryKind, MessageId> = {
  username: 'accountAccess.sent.usernames',
  password: 'accountAccess.sent.resetLink',
};

/**
 * Forgot username / forgot password (wider-portal.md §1): which one, and the sign-in's e-mail address. The answer is
 * the same whether or not the address has a sign-in (the server's one 202).
 */
function RecoveryRequest({
  title,
  intro,
  initialKind,
}: {
  title: MessageId;
  intro: MessageId;
  initialKind: RecoveryKind | null;
}) {
  const intl = useIntl();
  const form = useForm<RequestValues>({ initial: { kind: initialKind, email: '' }, rules: REQUEST_RULES });
  const request = useMutation({
    mutationFn: ({ kind, email }: RequestValues) =>
      recover(kind ?? 'password', { email: EmailAddressSchema.parse(email), language: getCurrentLocale() }),
  });
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (request.isSuccess) {
    const kind = request.variables.kind ?? 'password';
    return (
      <DoorFrame title={t('accountAccess.sent.title')} focusTitle>
        <EmailSentNotice
          bodyId={SENT[kind]}
          sentTo={request.data.sentTo}
          values={{ minutes: LINK_EXPIRY_MINUTES.password_reset }}
        />
      </DoorFrame>
    );
  }
  const rateLimited = AppError.is(request.error) && request.error.code === 'RATE_LIMITED';
  return (
    <DoorFrame title={t(title)}>
      <p className="mt-2 text-ink">{t(intro)}</p>
      <Form
        form={form}
        onSubmit={() => {
          if (!request.isPending) form.submit((values) => request.mutate(values));
        }}
        className="mt-6 space-y-5"
        alerts={
          request.isError ? (
            <ErrorPanel
              titleId={rateLimited ? 'accountAccess.refused.rateLimitedTitle' : 'accountAccess.refused.genericTitle'}
              bodyId={rateLimited ? 'accountAccess.refused.rateLimitedBody' : 'accountAccess.refused.genericBody'}
              headingLevel={2}
            />
          ) : null
        }
      >
        <RadioGroup<RecoveryKind>
          legend={t('accountAccess.recovery.which')}
          options={[
            { value: 'username', label: t('accountAccess.recovery.forgotUsername') },
            { value: 'password', label: t('accountAccess.recovery.forgotPassword') },
          ]}
          {...form.field('kind')}
        />
        <TextField
          label={t('accountAccess.field.email')}
          hint={t('accountAccess.recovery.emailHint')}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...form.field('email')}
        />
        <button type="submit" aria-disabled={request.isPending || undefined} className={`${PRIMARY_BUTTON} w-full`}>
          {t('accountAccess.recovery.submit')}
        </button>
      </Form>
      <p className="mt-6 border-t border-line pt-6 text-ink">
        {t('accountAccess.recovery.noSignIn')}{' '}
        <Link to="/create-account" className={TEXT_LINK}>
          {t('accountAccess.createAccount')}
        </Link>
      </p>
    </DoorFrame>
  );
}

const LINK_FAILURES = new Set(['LINK_EXPIRED', 'LINK_USED', 'LINK_UNKNOWN']);

/** The reset form, reached from a reset link (`/verify-link` keeps its token for this tab): a new password. */
function ResetForm({ link, onRestart }: { link: ResetLink; onRestart: () => void }) {
  const intl = useIntl();
  const username = link.username ?? '';
  const form = useForm<{ password: string }>({
    initial: { password: '' },
    rules: { password: (password) => passwordRule(password, username) },
  });
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(link.token, password),
    onSuccess: () => forgetResetToken(),
    onError: (error) => {
      const fields = serverFieldErrors<{ password: string }>(error, { password: 'password.problem.tooShort' });
      if (Object.keys(fields).length > 0) form.showErrors(fields);
    },
  });
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (reset.isSuccess) {
    return (
      <DoorFrame title={t('accountAccess.reset.doneTitle')} focusTitle>
        <p role="status" className="mt-2 text-ink">
          {t('accountAccess.reset.doneBody')}
        </p>
        <div className="mt-6">
          <Link to="/login" className={PRIMARY_BUTTON}>
            {t('accountAccess.signIn')}
          </Link>
        </div>
      </DoorFrame>
    );
  }
  const code = AppError.is(reset.error) ? reset.error.code : null;
  const staleLink = code !== null && LINK_FAILURES.has(code);
  return (
    <DoorFrame title={t('accountAccess.reset.title')}>
      <p className="mt-2 text-ink">
        {username
          ? intl.formatMessage({ id: 'accountAccess.reset.introFor' }, { username })
          : t('accountAccess.reset.intro')}
      </p>
      <Form
        form={form}
        onSubmit={() => {
          if (!reset.isPending) form.submit((values) => reset.mutate(values.password));
        }}
        className="mt-6 space-y-5"
        alerts={
          staleLink ? (
            <ErrorPanel
              titleId="accountAccess.reset.staleTitle"
              bodyId="accountAccess.reset.staleBody"
              headingLevel={2}
            >
              <button type="button" onClick={onRestart} className={PRIMARY_BUTTON}>
                {t('accountAccess.link.renew')}
              </button>
            </ErrorPanel>
          ) : reset.isError && code !== 'PASSWORD_REFUSED' && code !== 'VALIDATION_FAILED' ? (
            <ErrorPanel
              titleId="accountAccess.refused.genericTitle"
              bodyId="accountAccess.refused.genericBody"
              headingLevel={2}
            />
          ) : null
        }
      >
        <PasswordField label={t('accountAccess.field.newPassword')} username={username} {...form.field('password')} />
        <button type="submit" aria-disabled={reset.isPending || undefined} className={`${PRIMARY_BUTTON} w-full`}>
          {t('accountAccess.reset.submit')}
        </button>
      </Form>
    </DoorFrame>
  );
}

/**
 * Account recovery (`/account-recovery`, `/wg/account-recovery`; wider-portal.md §1): `password-reset=false` (or none)
 * asks which sign-in detail was forgotten; `password-reset=true` is the reset form when a reset link brought the
 * person here, else the request for one; `password-reset-required` is where sign-in sends a user who must choose a
 * new password (after a lockout, or when an admin required it).
 */
export function AccountRecoveryPage() {
  const search = useSearch({ strict: false }) as { 'password-reset'?: boolean; 'password-reset-required'?: boolean };
  const [link, setLink] = useState(() => (search['password-reset'] ? readResetToken() : null));
  if (link) {
    return (
      <ResetForm
        link={link}
        onRestart={() => {
          forgetResetToken();
          setLink(null);
        }}
      />
    );
  }
  if (search['password-reset-required']) {
    return (
      <RecoveryRequest
        title="accountAccess.required.title"
        intro="accountAccess.required.intro"
        initialKind="password"
      />
    );
  }
  return search['password-reset'] ? (
    <RecoveryRequest
      title="accountAccess.recovery.resetTitle"
      intro="accountAccess.recovery.resetIntro"
      initialKind="password"
    />
  ) : (
    <RecoveryRequest title="accountAccess.recovery.title" intro="accountAccess.recovery.intro" initialKind={null} />
  );
}
