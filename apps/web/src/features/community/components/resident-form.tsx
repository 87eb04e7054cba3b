import { RESIDENT_NAME_MAX, type Resident, type RuleResult } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DateField } from '../../../components/form/date-field';
import { Form } from '../../../components/form/form';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { errorCode, fieldErrorsOf } from '../../../components/ui/api-errors';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, WARNING } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { type DateFormat, useDateFormat } from '../../../lib/date-format';
import { formatPhoneNumber } from '../../../lib/formatters';
import type { MessageId } from '../../../messages';
import { type ResidentInput, useSaveResident } from '../api/unit-changes';
import { RESIDENT_CODES, RESIDENT_FALLBACK, RESIDENT_FIELDS } from '../utils/resident-words';

type Values = { name: string; email: string; phone: string; moveIn: string; moveOut: string };

const ok: RuleResult = { ok: true };
const fail = (message: MessageId, values?: Record<string, number>): RuleResult => ({ ok: false, message, values });

function rules(dates: DateFormat) {
  const date = (required: boolean) => (text: string) => {
    if (text.trim() === '') return required ? fail('community.resident.moveIn.required') : ok;
    return dates.parseInput(text) ? ok : fail('community.resident.date.invalid');
  };
  return {
    name: (text: string) => {
      const trimmed = text.trim();
      if (trimmed === '') return fail('community.resident.name.required');
      return [...trimmed].length > RESIDENT_NAME_MAX
        ? fail('community.resident.name.tooLong', { max: RESIDENT_NAME_MAX })
        : ok;
    },
    email: (text: string) =>
      text.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim())
        ? ok
        : fail('community.resident.email.invalid'),
    phone: (text: string) =>
      text.trim() === '' || /^[+\d\s().-]{7,40}$/.test(text.trim()) ? ok : fail('community.resident.phone.invalid'),
    moveIn: date(true),
    moveOut: (text: string, values: Values) => {
      const own = date(false)(text);
      if (!own.ok || text.trim() === '') return own;
      const moveIn = dates.parseInput(values.moveIn);
      const moveOut = dates.parseInput(text);
      return moveIn && moveOut && moveOut < moveIn ? fail('community.resident.moveOut.beforeMoveIn') : ok;
    },
  };
}

function serverErrors(error: unknown): FormErrors<Values> {
  const errors: FormErrors<Values> = {};
  for (const { field, code } of fieldErrorsOf(error)) {
    const name = RESIDENT_FIELDS.find((each) => each === field);
    if (name) errors[name] = { message: RESIDENT_CODES[code] ?? RESIDENT_FALLBACK[name] };
  }
  return errors;
}

/**
 * A unit's resident (issue 22 item 3, wider-portal.md §10): name, e-mail and mobile number (either may be left empty),
 * move-in and move-out dates in the language's date format. A new resident in a vacant unit starts from empty fields.
 * Checked here, then by the server, whose field refusals (a number that is not one, a move-out in the past) show on
 * their fields; access then follows the dates (the page says how).
 */
export function ResidentForm({
  unitId,
  resident,
  onDone,
}: {
  unitId: string;
  resident: Resident | null;
  onDone: (saved: boolean) => void;
}) {
  const intl = useIntl();
  const dates = useDateFormat();
  const save = useSaveResident(unitId);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const form = useForm<Values>({
    initial: {
      name: resident?.name ?? '',
      email: resident?.email ?? '',
      phone: resident?.phone ? formatPhoneNumber(resident.phone) : '',
      moveIn: dates.toInput(resident?.moveIn),
      moveOut: dates.toInput(resident?.moveOut ?? undefined),
    },
    rules: rules(dates),
  });
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const onSubmit = () =>
    form.submit((values) => {
      if (save.isPending) return;
      setProblem(null);
      const body: ResidentInput = {
        name: values.name.trim(),
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        moveIn: dates.parseInput(values.moveIn) as string,
        moveOut: values.moveOut.trim() ? dates.parseInput(values.moveOut) : null,
      };
      save.mutate(body, {
        onSuccess: () => onDone(true),
        onError: (error) => {
          const errors = serverErrors(error);
          if (Object.keys(errors).length > 0) form.showErrors(errors);
          else setProblem(errorCode(error) === 'NOT_FOUND' ? 'community.unit.gone' : 'community.resident.failed');
        },
      });
    });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="mt-4 max-w-2xl space-y-5"
      alerts={
        problem ? (
          <p role="alert" className={WARNING}>
            {t(problem)}
          </p>
        ) : null
      }
    >
      <TextField {...form.field('name')} label={t('community.resident.name')} autoComplete="off" />
      <TextField
        {...form.field('email')}
        label={t('community.resident.email')}
        hint={t('community.resident.optional')}
        type="email"
        autoComplete="off"
      />
      <TextField
        {...form.field('phone')}
        label={t('community.resident.phone')}
        hint={t('community.resident.optional')}
        type="tel"
        autoComplete="off"
      />
      <DateField form={form} name="moveIn" label={t('community.resident.moveIn')} />
      <DateField form={form} name="moveOut" label={t('community.resident.moveOut')} />
      <p className="text-ink-muted">{t('community.resident.leaseNote')}</p>
      {save.isPending ? <p role="status">{t('community.resident.saving')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={save.isPending || undefined}>
          {t('community.resident.save')}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => onDone(false)}>
          {t('community.resident.cancel')}
        </button>
      </div>
    </Form>
  );
}
