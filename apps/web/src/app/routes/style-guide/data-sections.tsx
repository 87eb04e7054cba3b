import { debitDayCalendar, type IsoDate } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DayOfMonthPicker, type DayOption } from '../../../components/ui/day-of-month-picker';
import { SECONDARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/formatters';
import { DatePickerDialog } from './lazy-modals';
import { GuideSection, Specimen, SpecimenGrid, type SpecimenState } from './specimen';

// Fixed sample dates: the style guide looks the same every day (its screenshots compare it).
const EARLIEST: IsoDate = '2026-11-20';
const LATEST: IsoDate = '2027-01-19';

function isWeekend(date: IsoDate): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function SampleDateField({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const dates = useDateFormat();
  const [value, setValue] = useState(state === 'error' ? '99/99/99' : dates.toInput(EARLIEST));
  const [open, setOpen] = useState(false);
  const invalid = value !== '' && dates.parseInput(value) === null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        className="min-w-48 flex-1"
        label={intl.formatMessage({ id: 'payments.date.label' })}
        hint={intl.formatMessage(
          { id: 'payments.date.hint' },
          { earliest: dates.date(EARLIEST), latest: dates.date(LATEST) },
        )}
        value={value}
        onChange={setValue}
        error={invalid ? intl.formatMessage({ id: 'payments.date.format' }) : null}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
      />
      <button type="button" className={`${SECONDARY_BUTTON} mb-0.5`} onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: 'payments.date.calendar' })}
      </button>
      {open ? (
        <DatePickerDialog
          isOpen
          title={intl.formatMessage({ id: 'payments.date.calendarTitle' })}
          value={dates.parseInput(value)}
          min={EARLIEST}
          max={LATEST}
          isDateUnavailable={isWeekend}
          description={intl.formatMessage({ id: 'styleGuide.datePicker.unavailable' })}
          onSelect={(date) => {
            setValue(dates.toInput(date));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

export function DatePickerSection() {
  return (
    <GuideSection id="date-picker" titleId="styleGuide.datePicker.title" bodyId="styleGuide.datePicker.body">
      <SpecimenGrid wide>
        {(['default', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleDateField state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

/** The real rule (spec §5) for an account billed on the 9th: the days that would be late, those some months lack. */
const DAYS: readonly DayOption[] = debitDayCalendar(9, EARLIEST);

function SampleDays({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [day, setDay] = useState<number | null>(state === 'error' ? null : state === 'focus' ? 1 : 15);
  return (
    <DayOfMonthPicker
      legend={intl.formatMessage({ id: 'styleGuide.sample.draftDay' })}
      days={DAYS}
      value={day}
      onChange={setDay}
      blockedReason={intl.formatMessage({ id: 'autopay.day.blocked' })}
      shortMonthNote={intl.formatMessage({ id: 'autopay.day.shortMonths' })}
      error={day === null ? intl.formatMessage({ id: 'autopay.day.required' }) : null}
    />
  );
}

export function DayOfMonthSection() {
  return (
    <GuideSection id="day-of-month" titleId="styleGuide.dayOfMonth.title" bodyId="styleGuide.dayOfMonth.body">
      <SpecimenGrid>
        {(['default', 'focus', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleDays state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

/** Three pages of a list, newest first: the pager's cursors are the neighbouring pages. */
const PAGES = 3;

function SamplePager({ state }: { state: SpecimenState }) {
  const [page, setPage] = useState(state === 'atEnd' ? 0 : 1);
  return (
    <KeysetPager
      labelId="billing.statements.pages"
      previousCursor={page > 0 ? String(page - 1) : null}
      nextCursor={page < PAGES - 1 ? String(page + 1) : null}
      onPage={(cursor) => setPage(Number(cursor))}
      isBusy={state === 'loading'}
    />
  );
}

export function PagerSection() {
  return (
    <GuideSection id="pager" titleId="styleGuide.pager.title" bodyId="styleGuide.pager.body">
      <SpecimenGrid>
        {(['default', 'atEnd', 'loading'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SamplePager state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

const PAYMENTS = [
  { date: '2026-11-14', method: 'Visa •••• 4242', cents: 28_947 },
  { date: '2026-10-14', method: 'Visa •••• 4242', cents: 27_512 },
  { date: '2026-09-15', method: 'Mastercard •••• 4444', cents: 27_512 },
];

function SampleTable({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const dates = useDateFormat();
  const label = (id: 'styleGuide.table.date' | 'styleGuide.table.method' | 'styleGuide.table.amount') =>
    intl.formatMessage({ id });
  if (state === 'empty') {
    return (
      <p className="rounded-lg border border-line bg-surface p-4 text-ink">
        {intl.formatMessage({ id: 'styleGuide.table.empty' })}
      </p>
    );
  }
  return (
    <ResponsiveTable
      caption={intl.formatMessage({ id: 'styleGuide.table.caption' })}
      busy={state === 'loading'}
      columns={[
        { label: label('styleGuide.table.date') },
        { label: label('styleGuide.table.method') },
        { label: label('styleGuide.table.amount'), align: 'end' },
      ]}
    >
      {PAYMENTS.map((payment) => (
        <ResponsiveRow key={payment.date} onClick={() => undefined}>
          <ResponsiveCell label={label('styleGuide.table.date')}>
            <a href="#table" className={TEXT_LINK}>
              {dates.date(payment.date)}
            </a>
          </ResponsiveCell>
          <ResponsiveCell label={label('styleGuide.table.method')}>{payment.method}</ResponsiveCell>
          <ResponsiveCell label={label('styleGuide.table.amount')} align="end">
            {formatMoney(payment.cents, intl.locale)}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}

export function TableSection() {
  return (
    <GuideSection id="table" titleId="styleGuide.table.title" bodyId="styleGuide.table.body">
      <SpecimenGrid wide>
        {(['default', 'hover', 'loading', 'empty'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleTable state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}
