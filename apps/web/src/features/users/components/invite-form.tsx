import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCESS_END_MAX_DAYS, type InvitedRole, type Locale } from '@vireo/shared';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { RadioGroup } from '../../../components/form/radio-group';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { fieldErrorsOf } from '../../../components/ui/api-errors';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { refusalBodyId } from '../../../components/ui/refusal';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/date-format';
import { localeOf } from '../../../lib/dates';
import { createInvitation, type Invitation, userKeys } from '../api/users-api';
import {
  INVITED_ROLE_CHOICES,
  type InviteFormValues,
  initialInviteValues,
  inviteServerErrors,
  localToday,
  ROLE_NAME,
  ROLE_SUMMARY,
  toInviteRequest,
  validateAccessEnd,
  validateEmail,
  validateName,
  validateRole,
} from '../utils/user-rules';

type InviteFormProps = {
  onInvited: (invitation: Invitation) => void;
  onCancel: () => void;
};

/**
 * Invite a user (wider-portal.md §4): e-mail, names, role, an optional last day of access (time-boxed access) and the
 * language of the e-mail. The link lives 72 hours; the invitation then shows in the list below.
 */
export function InviteForm({ onInvited, onCancel }: InviteFormProps) {
  // the heading takes focus when the form opens: here, once mounted, since the form's code may still be loading
  // when the page opens it
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const intl = useIntl();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<InviteFormValues>({
    initial: () => initialInviteValues(localeOf(intl)),
    rules: {
      email: validateEmail,
      firstName: (value) => validateName(value, 'first'),
      lastName: (value) => validateName(value, 'last'),
      role: validateRole,
      accessEndsOn: (value) => validateAccessEnd(value, dates.parseInput, localToday()),
    },
  });
  const invite = useMutation({ mutationFn: createInvitation });
  const fieldsFailed = Object.keys(inviteServerErrors(invite.error)).length > 0;

  const submit = (values: InviteFormValues) => {
    invite.mutate(toInviteRequest(values, dates.parseInput), {
      onSuccess: (invitation) => {
        void queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'invitations'] });
        form.reset();
        onInvited(invitation);
      },
      onError: (error) => {
        const errors = inviteServerErrors(error);
        if (Object.keys(errors).length > 0) form.showErrors(errors);
        else if (fieldErrorsOf(error).length === 0) void queryClient.invalidateQueries({ queryKey: userKeys.all });
      },
    });
  };

  const role = form.field('role');
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!invite.isPending) form.submit(submit);
      }}
      heading={
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
          {intl.formatMessage({ id: 'users.invite.title' })}
        </h2>
      }
      alerts={
        invite.isError && !fieldsFailed ? (
          <ErrorPanel
            titleId="users.errors.invite.title"
            bodyId={refusalBodyId(invite.error) ?? 'users.errors.invite.body'}
            headingLevel={3}
          />
        ) : null
      }
      className="space-y-5 rounded-xl border border-line bg-surface p-5 md:p-6"
    >
      <p className="text-ink-muted">{intl.formatMessage({ id: 'users.invite.intro' })}</p>
      <TextField
        label={intl.formatMessage({ id: 'users.field.email' })}
        name="email"
        type="email"
        autoComplete="off"
        {...form.field('email')}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label={intl.formatMessage({ id: 'users.field.firstName' })}
          name="firstName"
          autoComplete="off"
          {...form.field('firstName')}
        />
        <TextField
          label={intl.formatMessage({ id: 'users.field.lastName' })}
          name="lastName"
          autoComplete="off"
          {...form.field('lastName')}
        />
      </div>
      <RadioGroup<InvitedRole>
        legend={intl.formatMessage({ id: 'users.field.role' })}
        options={INVITED_ROLE_CHOICES.map((choice) => ({
          value: choice,
          label: intl.formatMessage({ id: ROLE_NAME[choice] }),
          description: intl.formatMessage({ id: ROLE_SUMMARY[choice] }),
        }))}
        value={role.value === '' ? null : role.value}
        onChange={role.onChange}
        error={role.error}
        inputRef={role.inputRef}
        className="max-w-xl space-y-2"
      />
      <TextField
        label={intl.formatMessage({ id: 'users.field.accessEndsOnOptional' })}
        hint={intl.formatMessage(
          { id: 'users.field.accessEndsOn.inviteHint' },
          { pattern: dates.inputPattern, days: ACCESS_END_MAX_DAYS },
        )}
        name="accessEndsOn"
        autoComplete="off"
        {...form.field('accessEndsOn')}
      />
      <SelectField
        label={intl.formatMessage({ id: 'users.field.language' })}
        options={(['en', 'es'] as const).map((language) => ({
          value: language,
          label: intl.formatMessage({ id: language === 'en' ? 'shell.language.en' : 'shell.language.es' }),
        }))}
        {...form.field('language')}
        onChange={(value) => form.set('language', value as Locale)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={invite.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: invite.isPending ? 'users.invite.sending' : 'users.invite.submit' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {intl.formatMessage({ id: 'users.cancel' })}
        </button>
      </div>
    </Form>
  );
}
