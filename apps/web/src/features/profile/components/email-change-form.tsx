import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { NOTICE, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { type PersonalDetails, profileKeys, requestEmailChange } from '../api/profile-api';
import { email, serverFieldErrors } from '../utils/profile-rules';

type EmailValues = { email: string };

/**
 * The contact e-mail (wider-portal.md §3): a new address gets a confirmation link, and the current one a notice at
 * once (CPNI, 47 CFR 64.2010(f)); the address changes only when the link is opened and confirmed (/verify-link).
 */
export function EmailChangeForm({ details, onSent }: { details: PersonalDetails; onSent: (to: string) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<EmailValues>({ initial: { email: '' }, rules: { email } });
  const change = useMutation({ mutationFn: requestEmailChange });
  const onField = Object.keys(serverFieldErrors<EmailValues>(change.error, ['email'])).length > 0;

  const submit = (values: EmailValues) =>
    change.mutate(values.email.trim(), {
      onSuccess: ({ pendingEmail }) => {
        form.reset();
        void queryClient.invalidateQueries({ queryKey: profileKeys.personal() });
        onSent(pendingEmail);
      },
      onError: (error) => {
        const errors = serverFieldErrors<EmailValues>(error, ['email']);
        if (Object.keys(errors).length > 0) form.showErrors(errors);
      },
    });

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!change.isPending) form.submit(submit);
      }}
      heading={
        <div className="space-y-2">
          <h3 id={headingId} className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'profile.email.title' })}
          </h3>
          <p className="text-ink">
            {intl.formatMessage({ id: 'profile.email.current' }, { email: <strong>{details.email}</strong> })}
          </p>
          {details.pendingEmail ? (
            <p className={NOTICE}>
              {intl.formatMessage({ id: 'profile.email.pending' }, { email: details.pendingEmail })}
            </p>
          ) : null}
        </div>
      }
      alerts={
        change.isError && !onField ? (
          <ErrorPanel titleId="profile.failed" bodyId="profile.tryLater" headingLevel={4} />
        ) : null
      }
      className="max-w-xl space-y-5"
    >
      <TextField
        label={intl.formatMessage({ id: 'profile.email.new' })}
        hint={intl.formatMessage({ id: 'profile.email.hint' })}
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        {...form.field('email')}
      />
      <button type="submit" aria-disabled={change.isPending || undefined} className={SECONDARY_BUTTON}>
        {intl.formatMessage({ id: 'profile.email.send' })}
      </button>
    </Form>
  );
}
