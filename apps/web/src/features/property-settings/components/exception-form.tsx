import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  checkIntervals,
  EXCEPTION_CODES,
  EXCEPTION_LABEL_MAX_LENGTH,
  type ExceptionKind,
  type HoursExceptionRequest,
  type RuleResult,
} from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { DateField } from '../../../components/form/date-field';
import { Form } from '../../../components/form/form';
import { RadioGroup } from '../../../components/form/radio-group';
import { SelectField } from '../../../components/form/select-field';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/date-format';
import { type HoursException, saveHoursException } from '../api/business-hours-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import { faultMessage, fieldFaults, timeOptions } from '../utils/settings-words';

type ExceptionValues = {
  kind: ExceptionKind;
  label: string;
  startDate: string;
  endDate: string;
  opens: string;
  closes: string;
};
const FIELDS = ['kind', 'label', 'startDate', 'endDate', 'opens', 'closes'] as const;
const fail = (code: string): RuleResult => ({ ok: false, ...faultMessage(code) });

/**
 * A holiday or closure, new or changed (wider-portal.md §10): closed over a range of days (a single day: the same first
 * and last day) or special hours on one day, with a short label. The dates are typed in the language's format (the
 * kit's date field); the shared rules check the label, the dates' order and the hours before sending, the server the
 * rest (not in the past, no other on those days, at most 90 days) with its field codes.
 */
export function ExceptionForm({
  propertyId,
  exception,
  onDone,
}: {
  propertyId: string;
  /** The exception changed; none: a new one. */
  exception: HoursException | null;
  onDone: (saved: HoursException | null) => void;
}) {
  const intl = useIntl();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const headingId = useId();
  const times = timeOptions(intl);
  const form = useForm<ExceptionValues>({
    initial: () => ({
      kind: exception?.kind ?? 'closed',
      label: exception?.label ?? '',
      startDate: dates.toInput(exception?.startDate),
      endDate: dates.toInput(exception?.endDate),
      opens: exception?.intervals[0]?.opens ?? '10:00',
      closes: exception?.intervals[0]?.closes ?? '14:00',
    }),
    rules: {
      label: (value) =>
        value.trim() === '' || [...value.trim()].length > EXCEPTION_LABEL_MAX_LENGTH
          ? fail(EXCEPTION_CODES.labelRequired)
          : null,
      startDate: (value) => (dates.parseInput(value) ? null : fail(EXCEPTION_CODES.dateInvalid)),
      endDate: (value, values) => {
        if (values.kind === 'special') return null;
        const end = dates.parseInput(value);
        if (!end) return fail(EXCEPTION_CODES.dateInvalid);
        const start = dates.parseInput(values.startDate);
        return start && end < start ? fail(EXCEPTION_CODES.order) : null;
      },
      closes: (value, values) => {
        if (values.kind !== 'special') return null;
        const fault = checkIntervals([{ opens: values.opens, closes: value }]);
        return fault ? fail(fault.code) : null;
      },
    },
  });
  const save = useMutation({
    mutationFn: (request: HoursExceptionRequest) => saveHoursException(propertyId, exception?.id ?? null, request),
  });
  const submit = (values: ExceptionValues) => {
    const startDate = dates.parseInput(values.startDate) as string;
    const special = values.kind === 'special';
    save.mutate(
      {
        kind: values.kind,
        label: values.label.trim(),
        startDate,
        endDate: special ? startDate : (dates.parseInput(values.endDate) as string),
        intervals: special ? [{ opens: values.opens, closes: values.closes }] : [],
      },
      {
        onSuccess: (saved) => {
          void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.exceptions(propertyId, 'upcoming') });
          onDone(saved);
        },
        onError: (error) => {
          const errors: FormErrors<ExceptionValues> = {};
          for (const fault of fieldFaults(error)) {
            const field = fault.path.startsWith('intervals') ? 'closes' : fault.path;
            const name = (FIELDS as readonly string[]).includes(field) ? (field as keyof ExceptionValues) : 'startDate';
            errors[name] = faultMessage(fault.code);
          }
          if (Object.keys(errors).length > 0) form.showErrors(errors);
        },
      },
    );
  };
  const special = form.values.kind === 'special';
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!save.isPending) form.submit(submit);
      }}
      heading={
        <h3 id={headingId} className="text-lg font-semibold text-navy-900">
          {intl.formatMessage({ id: exception ? 'propertySettings.exception.edit' : 'propertySettings.exception.add' })}
        </h3>
      }
      alerts={
        save.isError && fieldFaults(save.error).length === 0 ? (
          <ErrorPanel
            titleId="propertySettings.errors.save.title"
            bodyId="propertySettings.errors.save.body"
            headingLevel={4}
          />
        ) : null
      }
      className="space-y-4 rounded-lg border border-line p-4"
    >
      <RadioGroup
        {...form.field('kind')}
        legend={intl.formatMessage({ id: 'propertySettings.exception.kind' })}
        options={[
          { value: 'closed', label: intl.formatMessage({ id: 'propertySettings.exception.kind.closed' }) },
          { value: 'special', label: intl.formatMessage({ id: 'propertySettings.exception.kind.special' }) },
        ]}
      />
      <TextField
        {...form.field('label')}
        label={intl.formatMessage({ id: 'propertySettings.exception.label' })}
        hint={intl.formatMessage({ id: 'propertySettings.exception.labelHint' })}
        name="label"
        autoComplete="off"
        maxLength={EXCEPTION_LABEL_MAX_LENGTH}
      />
      <div className="grid gap-4 narrow:grid-cols-2">
        <DateField
          form={form}
          name="startDate"
          label={intl.formatMessage({
            id: special ? 'propertySettings.exception.day' : 'propertySettings.exception.firstDay',
          })}
        />
        {special ? null : (
          <DateField
            form={form}
            name="endDate"
            label={intl.formatMessage({ id: 'propertySettings.exception.lastDay' })}
          />
        )}
      </div>
      {special ? (
        <div className="grid gap-4 narrow:grid-cols-2">
          <SelectField
            {...form.field('opens')}
            label={intl.formatMessage({ id: 'propertySettings.hours.opens' })}
            options={times}
          />
          <SelectField
            {...form.field('closes')}
            label={intl.formatMessage({ id: 'propertySettings.hours.closes' })}
            options={times}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'propertySettings.exception.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => onDone(null)}>
          {intl.formatMessage({ id: 'propertySettings.cancel' })}
        </button>
      </div>
    </Form>
  );
}
