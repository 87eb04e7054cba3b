import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { AppError, DEFAULT_TARGET_URL, UsernameSchema } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { browserNavigation } from '../../../lib/browser-navigation';
import type { MessageId } from '../../../messages';
import { acceptInvitation } from '../api/open-doors';
import { passwordRule, schemaRule, serverFieldErrors } from '../utils/field-rules';
import { DoorFrame } from './door-frame';
import { CheckingLink, StaleLink, UnknownLink, useLinkStatus } from './link-states';
import { PasswordField, UsernameField } from './password-field';

type Values = { username: string; password: string };
const FIELD_MESSAGES = { username: 'accountAccess.errors.username', password: 'password.problem.tooShort' } as const;
const RULES = {
  username: schemaRule(UsernameSchema, FIELD_MESSAGES.username),
  password: (password: string, values: Values) => passwordRule(password, values.username),
};
const LINK_FAILURES: ReadonlySet<string> = new Set(['LINK_EXPIRED', 'LINK_USED', 'LINK_UNKNOWN']);

function AcceptForm({ token }: { token: string }) {
  const intl = useIntl();
  const form = useForm<Values>({ initial: { username: '', password: '' }, rules: RULES });
  const accept = useMutation({
    mutationFn: (values: Values) =>
      acceptInvitation({ token, ...values, username: UsernameSchema.parse(values.username) }),
    // signed in by the answer's cookies: a full load, so the whole app starts with the new session
    onSuccess: () => browserNavigation.assign(DEFAULT_TARGET_URL),
    onError: (error) => {
      const fields = serverFieldErrors<Values>(error, FIELD_MESSAGES);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
    },
  });
  const t = (id: MessageId) => intl.formatMessage({ id });
  const code = AppError.is(accept.error) ? accept.error.code : null;
  if (code !== null && LINK_FAILURES.has(code)) {
    return code === 'LINK_UNKNOWN' ? (
      <UnknownLink />
    ) : (
      <StaleLink token={token} state={code === 'LINK_USED' ? 'used' : 'expired'} purpose="invitation" />
    );
  }
  const fieldError = code === 'USERNAME_TAKEN' || code === 'PASSWORD_REFUSED' || code === 'VALIDATION_FAILED';
  return (
    <DoorFrame title={t('accountAccess.invitation.title')}>
      <p className="mt-2 text-ink">{t('accountAccess.invitation.intro')}</p>
      <Form
        form={form}
        onSubmit={() => {
          if (!accept.isPending && !accept.isSuccess) form.submit((values) => accept.mutate(values));
        }}
        className="mt-6 space-y-5"
        alerts={
          accept.isError && !fieldError ? (
            <ErrorPanel
              titleId="accountAccess.refused.genericTitle"
              bodyId="accountAccess.refused.genericBody"
              headingLevel={2}
            />
          ) : null
        }
      >
        <UsernameField {...form.field('username')} />
        <PasswordField
          label={t('accountAccess.field.password')}
          username={form.values.username}
          {...form.field('password')}
        />
        <button
          type="submit"
          aria-disabled={accept.isPending || accept.isSuccess || undefined}
          className={`${PRIMARY_BUTTON} w-full`}
        >
          {t('accountAccess.invitation.submit')}
        </button>
      </Form>
    </DoorFrame>
  );
}

/**
 * Accepting an invitation (`/create-sub-account?token=…`, issue 17 item 3, wider-portal.md §1): the invited person
 * chooses a username and a password and lands signed in, on the account summary. The invitation itself is made by the
 * users area (wider-portal.md §4); an expired or used one offers a new link, as every e-mailed link does.
 */
export function CreateSubAccountPage() {
  const _intl = useIntl();
  const { token = '' } = useSearch({ from: '/create-sub-account' });
  const { wellFormed, status } = useLinkStatus(token);
  const link = status.data;
  if (!wellFormed || link?.state === 'unknown' || (link && link.purpose !== 'invitation')) return <UnknownLink />;
  if (link?.state === 'expired' || link?.state === 'used')
    return <StaleLink token={token} state={link.state} purpose="invitation" />;
  if (link?.state === 'valid') return <AcceptForm token={token} />;
  return <CheckingLink failed={status.isError} onRetry={() => void status.refetch()} />;
}
