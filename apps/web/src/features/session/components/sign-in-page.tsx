import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import {
  AppError,
  CARD_NUMBER_IN_TEXT,
  type InteractionDetailsResponse,
  LOGIN_EDGE_PATH,
  type LoginRequest,
  LoginRequestSchema,
  type RuleResult,
} from '@vireo/shared';
import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { PanelSkeleton } from '../../../components/ui/loading';
import { browserNavigation } from '../../../lib/browser-navigation';
import { readSessionFlag, removeSessionFlag, SIGNED_OUT_NOTICE_STORAGE_KEY } from '../../../lib/client-storage';
import { PasskeyCeremonyError } from '../../../lib/passkeys';
import type { MessageId } from '../../../messages';
import { interactionQueryOptions } from '../api/get-interaction';
import { submitLogin, submitPasskeyLogin } from '../api/submit-login';

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, MessageId>>;

const REQUIRED_MESSAGE: Record<Field, MessageId> = {
  username: 'signIn.errors.usernameRequired',
  password: 'signIn.errors.passwordRequired',
};

/**
 * wider-portal.md §1: after a lockout (or an admin's requirement) the right password is answered
 * PASSWORD_RESET_REQUIRED; account recovery then shows `password-reset-required`.
 */
export const PASSWORD_RESET_REQUIRED_PAGE = '/account-recovery?password-reset-required=true';

/**
 * What the form shows for a failed submission. `restart`: the interaction is gone; begin the sign-in again.
 * `leave`: another page takes over (a password reset is required).
 */
type LoginFailure = { form: MessageId } | { fields: FieldErrors } | { restart: true } | { leave: string };

function fieldOf(path: string | number | symbol | undefined): Field | null {
  const name = String(path ?? '')
    .split('.')
    .at(-1);
  return name === 'username' || name === 'password' ? name : null;
}

/**
 * Server answers to messages. One message for unknown, locked and wrong credentials alike: the page never reveals
 * whether a username exists. A 401 with a code this build does not know arrives as UNAUTHENTICATED (api-client).
 */
export function loginFailure(error: unknown): LoginFailure {
  if (!AppError.is(error)) return { form: 'signIn.errors.generic' };
  const code: string = error.code;
  if (code === 'INVALID_CREDENTIALS' || code === 'UNAUTHENTICATED') return { form: 'signIn.errors.invalidCredentials' };
  if (code === 'RATE_LIMITED') return { form: 'signIn.errors.rateLimited' };
  if (code === 'NOT_FOUND' || code === 'CSRF_REJECTED') return { restart: true };
  if (code === 'PASSWORD_RESET_REQUIRED') return { leave: PASSWORD_RESET_REQUIRED_PAGE };
  if (code === 'VALIDATION_FAILED') {
    const fields: FieldErrors = {};
    for (const issue of error.fields ?? []) {
      const field = fieldOf(issue.path);
      if (field) fields[field] = issue.code === CARD_NUMBER_IN_TEXT ? CARD_NUMBER_IN_TEXT : REQUIRED_MESSAGE[field];
    }
    if (Object.keys(fields).length > 0) return { fields };
  }
  return { form: 'signIn.errors.generic' };
}

/** A field's rule is the server's own: its part of the shared LoginRequestSchema, with the field's message. */
const schemaRule =
  (field: Field) =>
  (text: string): RuleResult => {
    const parsed = LoginRequestSchema.shape[field].safeParse(text);
    if (parsed.success) return { ok: true };
    // issue 14 item 6: a card number typed as the username (the shared free-text rule) has its own message
    const cardNumber = parsed.error.issues.some(
      (issue) => issue.code === 'custom' && issue.params?.fieldCode === CARD_NUMBER_IN_TEXT,
    );
    return { ok: false, message: cardNumber ? CARD_NUMBER_IN_TEXT : REQUIRED_MESSAGE[field] };
  };

const SIGN_IN_RULES = { username: schemaRule('username'), password: schemaRule('password') };

type SignInValues = { username: string; password: string; rememberMe: boolean };

const asFormErrors = (fields: FieldErrors): FormErrors<SignInValues> =>
  Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, { message }]));

const INPUT =
  'mt-1 block min-h-11 w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger-700 aria-invalid:border-2';
const LINK = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

const PASSKEY_PROBLEMS: Record<PasskeyCeremonyError['problem'], MessageId> = {
  cancelled: 'signIn.passkey.cancelled',
  unsupported: 'signIn.passkey.unsupported',
  failed: 'signIn.passkey.failed',
};

type SignInFormProps = {
  uid: string;
  details: InteractionDetailsResponse;
  showSignedOutNotice: boolean;
};

function SignInForm({ uid, details, showSignedOutNotice }: SignInFormProps) {
  const intl = useIntl();
  const ids = { username: useId(), password: useId(), remember: useId() };
  const form = useForm<SignInValues>({
    // A remembered username (Remember me last time) keeps the box ticked.
    initial: () => ({ username: details.username ?? '', password: '', rememberMe: details.username !== null }),
    rules: SIGN_IN_RULES,
  });
  const [formError, setFormError] = useState<MessageId | null>(null);
  const [failures, setFailures] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const inputRefs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  // Focus goes to the error summary after each failed attempt, so it is read out and Tab continues into the form.
  useEffect(() => {
    if (failures > 0) summaryRef.current?.focus();
  }, [failures]);

  const login = useMutation({
    mutationFn: (body: LoginRequest) => submitLogin(uid, body, details.csrfToken),
    onSuccess: ({ redirectTo }) => browserNavigation.assign(redirectTo),
    onError: (error) => {
      const failure = loginFailure(error);
      if ('restart' in failure) {
        browserNavigation.assign(LOGIN_EDGE_PATH);
        return;
      }
      if ('leave' in failure) {
        browserNavigation.assign(failure.leave);
        return;
      }
      form.set('password', '');
      form.showErrors('fields' in failure ? asFormErrors(failure.fields) : {});
      setFormError('form' in failure ? failure.form : null);
      setFailures((count) => count + 1);
    },
  });
  // issue 18 item 2: a passkey instead of the username and password (the browser lists the user's passkeys)
  const passkey = useMutation({
    mutationFn: () => submitPasskeyLogin(uid, details.csrfToken, form.values.rememberMe),
    onSuccess: ({ redirectTo }) => browserNavigation.assign(redirectTo),
    onError: (error) => {
      const failure: LoginFailure =
        error instanceof PasskeyCeremonyError
          ? { form: PASSKEY_PROBLEMS[error.problem] }
          : AppError.is(error) && error.code === 'PASSKEY_REFUSED'
            ? { form: 'signIn.passkey.unknown' }
            : loginFailure(error);
      if ('restart' in failure) return browserNavigation.assign(LOGIN_EDGE_PATH);
      if ('leave' in failure) return browserNavigation.assign(failure.leave);
      setFormError('form' in failure ? failure.form : 'signIn.errors.generic');
      setFailures((count) => count + 1);
    },
  });
  const busy = login.isPending || login.isSuccess || passkey.isPending || passkey.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!form.validate()) {
      setFailures((count) => count + 1);
      return;
    }
    // the schema's output: the username trimmed, as the server reads it
    login.mutate(LoginRequestSchema.parse(form.values));
  };

  const focusField = (field: Field) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    inputRefs[field].current?.focus();
  };

  const errorFields = (['username', 'password'] as const).filter((field) => form.error(field));
  const hasSummary = formError !== null || errorFields.length > 0;

  // The form's own inputs (the page it mirrors): focus goes to the error summary, not to the first field in error,
  // so the kit is given no input refs.
  const fieldProps = (field: Field) => ({
    id: ids[field],
    ref: inputRefs[field],
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.set(field, event.target.value),
    'aria-invalid': form.error(field) ? true : undefined,
    'aria-describedby': form.error(field) ? `${ids[field]}-error` : undefined,
  });

  return (
    <>
      {/* A reserved slot: the notice and the error summary appear without moving the form (no layout shift). */}
      <div className="mt-4 min-h-20">
        {hasSummary ? (
          <div
            ref={summaryRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md border-l-4 border-danger-700 bg-danger-50 px-4 py-3 text-ink"
          >
            {formError ? (
              <p>{intl.formatMessage({ id: formError })}</p>
            ) : (
              <ul className="space-y-1">
                {errorFields.map((field) => (
                  <li key={field}>
                    <a href={`#${ids[field]}`} onClick={focusField(field)} className="text-danger-700 underline">
                      {form.error(field)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : showSignedOutNotice ? (
          <p role="status" className="rounded-md border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-ink">
            {intl.formatMessage({ id: 'signIn.signedOut' })}
          </p>
        ) : null}
      </div>

      <form noValidate onSubmit={onSubmit} className="space-y-1">
        <div>
          <label htmlFor={ids.username} className="font-semibold text-ink">
            {intl.formatMessage({ id: 'signIn.username' })}
          </label>
          <input
            {...fieldProps('username')}
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            className={INPUT}
          />
          <p id={`${ids.username}-error`} className="min-h-6 text-sm text-danger-700">
            {form.error('username')}
          </p>
        </div>
        <div>
          <label htmlFor={ids.password} className="font-semibold text-ink">
            {intl.formatMessage({ id: 'signIn.password' })}
          </label>
          <input
            {...fieldProps('password')}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={256}
            className={INPUT}
          />
          <p id={`${ids.password}-error`} className="min-h-6 text-sm text-danger-700">
            {form.error('password')}
          </p>
        </div>
        <div className="flex items-center gap-3 pb-4">
          <input
            id={ids.remember}
            name="rememberMe"
            type="checkbox"
            checked={form.values.rememberMe}
            onChange={(event) => form.set('rememberMe', event.target.checked)}
            className="size-5 accent-brand-700"
          />
          <label htmlFor={ids.remember} className="text-ink">
            {intl.formatMessage({ id: 'signIn.rememberMe' })}
          </label>
        </div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800 aria-disabled:cursor-progress"
        >
          {intl.formatMessage({ id: 'signIn.submit' })}
        </button>
      </form>

      <button
        type="button"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          setFormError(null);
          passkey.mutate();
        }}
        className="mt-3 inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md border border-line-strong px-5 font-semibold text-ink hover:bg-surface-muted aria-disabled:cursor-progress"
      >
        {intl.formatMessage({ id: 'signIn.passkey.submit' })}
      </button>

      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/account-recovery" search={{ 'password-reset': false }} className={LINK}>
            {intl.formatMessage({ id: 'signIn.forgotUsername' })}
          </Link>
        </li>
        <li>
          <Link to="/account-recovery" search={{ 'password-reset': true }} className={LINK}>
            {intl.formatMessage({ id: 'signIn.forgotPassword' })}
          </Link>
        </li>
      </ul>
      <p className="mt-6 border-t border-line pt-6 text-ink">
        {intl.formatMessage({ id: 'signIn.newHere' })}{' '}
        <Link to="/create-account" className={LINK}>
          {intl.formatMessage({ id: 'signIn.createAccount' })}
        </Link>
      </p>
    </>
  );
}

/**
 * The sign-in screen: the OIDC interaction page (`/login?interaction=<uid>`). Without `interaction`, the route's
 * guard has already left for the login edge (router.tsx), so this renders only for a real interaction.
 */
export function SignInPage() {
  const intl = useIntl();
  const uid = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('interaction') ?? '' });
  const details = useQuery(interactionQueryOptions(uid));
  // Read during render (StrictMode may render twice), removed after: the notice shows once per sign-out.
  const [showSignedOutNotice] = useState(() => readSessionFlag(SIGNED_OUT_NOTICE_STORAGE_KEY));
  useEffect(() => removeSessionFlag(SIGNED_OUT_NOTICE_STORAGE_KEY), []);

  const expired = AppError.is(details.error) && details.error.code === 'NOT_FOUND';
  useEffect(() => {
    // The interaction expired (or never existed): start the sign-in again.
    if (expired) browserNavigation.assign(LOGIN_EDGE_PATH);
  }, [expired]);

  return (
    <div className="px-4 py-10 md:py-14">
      <div className="rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">
          {intl.formatMessage({ id: 'signIn.title' })}
        </h1>
        {details.data ? (
          <SignInForm key={uid} uid={uid} details={details.data} showSignedOutNotice={showSignedOutNotice} />
        ) : details.isError && !expired ? (
          <div className="mt-4">
            <p role="alert" className="text-ink">
              {intl.formatMessage({ id: 'signIn.errors.generic' })}
            </p>
            <button
              type="button"
              onClick={() => void details.refetch()}
              className="mt-4 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-5 font-semibold"
            >
              {intl.formatMessage({ id: 'ui.retry' })}
            </button>
          </div>
        ) : (
          <PanelSkeleton lines={4} className="mt-4 border-0 p-0" />
        )}
      </div>
    </div>
  );
}
