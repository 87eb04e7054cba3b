import { useQuery } from '@tanstack/react-query';
import { AppError, LINE_LABEL_MAX_LENGTH, validateCallerIdName, validateShortName } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { usersListOptions } from '../../../entities/api/find-users';
import { useUpdateLine, type VoiceLine } from '../api/voice-api';
import { fieldErrorsByPath } from '../utils/voice-fields';
import { formatLineNumber } from '../utils/voice-format';
import { LinesLoaded } from './line-frame';

type Values = { label: string; callerIdName: string; assignedUserId: string };
type Member = { value: string; label: string };

/**
 * `/voice/manage-lines` (issue 19 item 6, wider-portal.md §6): each of the account's lines with its name, its
 * caller-ID name (15 characters, as the caller-name databases carry it; empty gives the account's) and who answers
 * it (an active member, or nobody in particular). Checked as the server checks (the shared rules), saved per line.
 */
export function ManageLinesPage() {
  const intl = useIntl();
  // the people a line can be assigned to: the active members (the users list's first page: a small business's staff)
  const members = useQuery(usersListOptions({ q: '', status: 'active', cursor: undefined }));
  const people: Member[] = (members.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${user.firstName} ${user.lastName}`,
  }));

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.manageLines' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'voice.manage.intro' })}</p>
      <LinesLoaded>
        {(lines) => (
          <ul className="mt-6 grid gap-6 xl:grid-cols-2">
            {lines.map((line) => (
              <li key={line.id}>
                <LineForm line={line} people={people} />
              </li>
            ))}
          </ul>
        )}
      </LinesLoaded>
    </div>
  );
}

function LineForm({ line, people }: { line: VoiceLine; people: Member[] }) {
  const intl = useIntl();
  const update = useUpdateLine();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const form = useForm<Values>({
    initial: {
      label: line.label,
      callerIdName: line.callerIdName ?? '',
      assignedUserId: line.assignedTo?.userId ?? '',
    },
    rules: {
      label: (value) => validateShortName(value, LINE_LABEL_MAX_LENGTH, 'voice.line.label'),
      callerIdName: (value) => (value.trim() === '' ? null : validateCallerIdName(value)),
    },
  });
  // the one assigned may have left the first page of members: they stay a choice
  const assigned = line.assignedTo;
  const choices = [
    { value: '', label: intl.formatMessage({ id: 'voice.manage.nobody' }) },
    ...people,
    ...(assigned && !people.some((person) => person.value === assigned.userId)
      ? [{ value: assigned.userId, label: assigned.name }]
      : []),
  ];
  const headingId = `line-${line.id}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    form.submit((values) =>
      update.mutate(
        {
          lineId: line.id,
          change: {
            label: values.label,
            callerIdName: values.callerIdName,
            assignedUserId: values.assignedUserId || null,
          },
        },
        {
          onSuccess: () => setOutcome('saved'),
          onError: (error) => {
            const fields = AppError.is(error) ? (error.fields ?? []) : [];
            if (fields.length > 0) {
              const errors = fieldErrorsByPath(fields);
              form.showErrors(Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { message }])));
            } else setOutcome('failed');
          },
        },
      ),
    );
  };

  return (
    <form noValidate aria-labelledby={headingId} className={CARD} onSubmit={onSubmit}>
      <h2 id={headingId} className={SECTION_TITLE}>
        {formatLineNumber(line.number)}
      </h2>
      <FormAlerts>
        <FormErrorSummary show={form.hasErrors} />
        {outcome === 'failed' ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: 'voice.manage.failed' })}
          </p>
        ) : null}
      </FormAlerts>
      <div className="mt-4 grid gap-4">
        <TextField
          {...form.field('label')}
          label={intl.formatMessage({ id: 'voice.manage.label' })}
          autoComplete="off"
        />
        <TextField
          {...form.field('callerIdName')}
          label={intl.formatMessage({ id: 'voice.manage.callerId' })}
          hint={intl.formatMessage({ id: 'voice.manage.callerIdHint' })}
          autoComplete="off"
        />
        <SelectField
          label={intl.formatMessage({ id: 'voice.manage.assignee' })}
          options={choices}
          {...form.field('assignedUserId')}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={update.isPending || undefined}>
          {intl.formatMessage({ id: 'voice.manage.save' })}
        </button>
        <p role="status" className="font-semibold text-brand-900">
          {outcome === 'saved' ? intl.formatMessage({ id: 'voice.manage.saved' }) : ''}
        </p>
      </div>
    </form>
  );
}
