import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { refusalBodyId } from '../../../components/ui/refusal';
import { TextField } from '../../../components/ui/text-field';
import { changePassword, securityKeys } from '../api/security-api';
import {
  EMPTY_PASSWORD_FORM,
  type PasswordFormValues,
  passwordServerErrors,
  validateConfirm,
  validateCurrent,
  validateNew,
} from '../utils/security-rules';

/**
 * Change password (wider-portal.md §3): the current password (checked as a sign-in: a wrong one counts toward the
 * lockout), a new one the policy accepts, typed twice. Every other session ends; this one stays.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: (sessionsEnded: number) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<PasswordFormValues>({
    initial: EMPTY_PASSWORD_FORM,
    rules: {
      currentPassword: validateCurrent,
      newPassword: validateNew,
      confirmPassword: validateConfirm,
    },
  });
  const change = useMutation({ mutationFn: changePassword });
  const onField = Object.keys(passwordServerErrors(change.error)).length > 0;

  const submit = (values: PasswordFormValues) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ sessionsEnded }) => {
          form.reset();
          void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
          onChanged(sessionsEnded);
        },
        onError: (error) => {
          const errors = passwordServerErrors(error);
          if (Object.keys(errors).length > 0) form.showErrors(errors);
        },
      },
    );
  };

  const password = { type: 'password', spellCheck: false } as const;
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!change.isPending) form.submit(submit);
      }}
      heading={
        <h3 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'security.password.title' })}
        </h3>
      }
      alerts={
        change.isError && !onField ? (
          <ErrorPanel
            titleId="security.failed"
            bodyId={refusalBodyId(change.error) ?? 'security.tryLater'}
            headingLevel={4}
          />
        ) : null
      }
      className="max-w-xl space-y-5"
    >
      <TextField
        label={intl.formatMessage({ id: 'security.password.current' })}
        name="currentPassword"
        autoComplete="current-password"
        {...password}
        {...form.field('currentPassword')}
      />
      <TextField
        label={intl.formatMessage({ id: 'security.password.new' })}
        hint={intl.formatMessage({ id: 'security.password.newHint' }, { min: PASSWORD_MIN_LENGTH })}
        name="newPassword"
        autoComplete="new-password"
        {...password}
        {...form.field('newPassword')}
      />
      <TextField
        label={intl.formatMessage({ id: 'security.password.confirm' })}
        name="confirmPassword"
        autoComplete="new-password"
        {...password}
        {...form.field('confirmPassword')}
      />
      <button type="submit" aria-disabled={change.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'security.password.title' })}
      </button>
    </Form>
  );
}
