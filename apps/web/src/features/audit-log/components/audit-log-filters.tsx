import { AUDIT_AREAS } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { DateField } from '../../../components/form/date-field';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { useDateFormat } from '../../../lib/date-format';
import { dateRangeRules, validateDateRange } from '../../../lib/date-range';
import { localeOf } from '../../../lib/dates';
import type { AuditArea, AuditFilter, AuditUser } from '../api/audit-log-api';
import { AREA_MESSAGES, AUDIT_RANGE_MESSAGES, ROLE_MESSAGES } from '../utils/audit-log-words';

type Values = { actor: string; area: string; from: string; to: string };

type AuditLogFiltersProps = {
  filter: AuditFilter;
  users: readonly AuditUser[];
  onApply: (filter: AuditFilter) => void;
};

/**
 * The log's filters (wider-portal.md §4): a user (or every guest, or Vireo), an area, and From and To typed in the
 * language's one date format (lib/dates.ts), each optional. Checked on Apply (the form kit, ADR 020): real dates only,
 * From on or before To; the first field in error takes focus.
 */
export function AuditLogFilters({ filter, users, onApply }: AuditLogFiltersProps) {
  const intl = useIntl();
  const dates = useDateFormat();
  const locale = localeOf(intl);
  const form = useForm<Values>({
    initial: () => ({
      actor: filter.actor ?? '',
      area: filter.area ?? '',
      from: dates.toInput(filter.from),
      to: dates.toInput(filter.to),
    }),
    rules: dateRangeRules(locale, AUDIT_RANGE_MESSAGES),
  });
  const active = Boolean(filter.actor || filter.area || filter.from || filter.to);
  const actors = [
    { value: '', label: intl.formatMessage({ id: 'auditLog.filter.everyone' }) },
    ...users.map((user) => ({
      value: user.id,
      label: `${user.firstName} ${user.lastName} (${intl.formatMessage({ id: ROLE_MESSAGES[user.role] })})`,
    })),
    { value: 'guest', label: intl.formatMessage({ id: 'auditLog.actor.guest' }) },
    { value: 'system', label: intl.formatMessage({ id: 'auditLog.actor.system' }) },
  ];
  const areas = [
    { value: '', label: intl.formatMessage({ id: 'auditLog.filter.everyArea' }) },
    ...AUDIT_AREAS.map((area) => ({ value: area, label: intl.formatMessage({ id: AREA_MESSAGES[area] }) })),
  ];
  const dateField = (name: 'from' | 'to') => (
    <DateField
      form={form}
      name={name}
      label={intl.formatMessage({ id: name === 'from' ? 'auditLog.filter.from' : 'auditLog.filter.to' })}
      className="min-w-0"
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit((values) => {
          const range = validateDateRange(values.from, values.to, locale, AUDIT_RANGE_MESSAGES);
          if (!range.ok) return;
          onApply({
            actor: values.actor || undefined,
            area: (values.area || undefined) as AuditArea | undefined,
            from: range.from,
            to: range.to,
          });
        });
      }}
      className="print:hidden"
    >
      <fieldset className="rounded-lg border border-line bg-surface p-4">
        <legend className="px-1 font-semibold text-navy-900">
          {intl.formatMessage({ id: 'auditLog.filter.legend' })}
        </legend>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <SelectField
            label={intl.formatMessage({ id: 'auditLog.filter.user' })}
            options={actors}
            {...form.field('actor')}
          />
          <SelectField
            label={intl.formatMessage({ id: 'auditLog.filter.area' })}
            options={areas}
            {...form.field('area')}
          />
          {dateField('from')}
          {dateField('to')}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'auditLog.filter.apply' })}
          </button>
          {active ? (
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => {
                form.reset({ actor: '', area: '', from: '', to: '' });
                onApply({});
              }}
            >
              {intl.formatMessage({ id: 'auditLog.filter.clear' })}
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
