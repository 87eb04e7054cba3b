import {
  addDays,
  NO_ANSWER_MAX_RINGS,
  NO_ANSWER_MIN_RINGS,
  replacesVoicemail,
  SIMULTANEOUS_RING_MAX_NUMBERS,
  VOICE_HOLIDAYS_MAX,
  VOICE_WEEKDAYS,
} from '@vireo/shared';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE, WARNING } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { formatCalendarDate } from '../../../lib/dates';
import { type ForwardingSettings, useForwarding, useSaveForwarding, type VoiceLine } from '../api/voice-api';
import { forwardingForDisplay } from '../utils/voice-format';
import { EntryList } from './entry-list';
import { HoursSource } from './hours-source';
import { itemErrors, SettingsLoader, useLineSettingsForm } from './line-settings';
import { ScheduleRules } from './schedule-rules';

const FORWARDS = ['always', 'busy', 'noAnswer', 'unreachable'] as const;
const RINGS = Array.from({ length: NO_ANSWER_MAX_RINGS - NO_ANSWER_MIN_RINGS + 1 }, (_, i) => NO_ANSWER_MIN_RINGS + i);
/** A Monday: VOICE_WEEKDAYS's days (Monday first) named in the reader's language. */
const A_MONDAY = '2026-11-23';

/**
 * A line's forwarding (issue 19 item 7, wider-portal.md §6): always, busy, no answer after 2-6 rings, unreachable;
 * simultaneous ring on up to 5 numbers; the business hours and holidays the schedule rules read; the rules in order.
 * The server checks everything (the shared rules) and names each field in error; a number outside the account's lines
 * needs a recent sign-in, which the step-up dialog asks for before the same save goes again.
 */
export function ForwardingEditor({ line }: { line: VoiceLine }) {
  const forwarding = useForwarding(line.id);
  return <SettingsLoader query={forwarding}>{(saved) => <ForwardingForm line={line} saved={saved} />}</SettingsLoader>;
}

function ForwardingForm({ line, saved }: { line: VoiceLine; saved: ForwardingSettings }) {
  const intl = useIntl();
  const { settings, errors, outcome, form, onSubmit, pending, change } = useLineSettingsForm({
    lineId: line.id,
    saved,
    display: forwardingForDisplay,
    save: useSaveForwarding(),
  });
  const error = (path: string) => (errors[path] ? intl.formatMessage({ id: errors[path] }) : undefined);

  const weekday = (index: number) => formatCalendarDate(intl, addDays(A_MONDAY, index), 'weekday');

  return (
    <form ref={form} noValidate aria-labelledby="forwarding-title" className={CARD} onSubmit={onSubmit}>
      <h2 id="forwarding-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'voice.forwarding.title' })}
      </h2>
      <FormAlerts>
        <FormErrorSummary show={Object.keys(errors).length > 0} />
        {outcome === 'failed' || outcome === 'notConfirmed' ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: `voice.forwarding.${outcome}` })}
          </p>
        ) : null}
      </FormAlerts>

      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {FORWARDS.map((kind) => {
          const forward = settings[kind];
          return (
            <fieldset key={kind} className="space-y-3">
              <legend className="font-semibold text-navy-900">
                {intl.formatMessage({ id: `voice.forwarding.${kind}.legend` })}
              </legend>
              <CheckboxField
                label={intl.formatMessage({ id: `voice.forwarding.${kind}.enable` })}
                checked={forward.enabled}
                onChange={(enabled) => change({ [kind]: { ...forward, enabled } })}
              />
              {forward.enabled ? (
                <>
                  <TextField
                    label={intl.formatMessage({ id: 'voice.forwarding.to' })}
                    value={forward.to}
                    onChange={(to) => change({ [kind]: { ...forward, to } })}
                    error={error(`${kind}.to`)}
                    type="tel"
                    autoComplete="off"
                  />
                  {kind === 'noAnswer' ? (
                    <SelectField
                      label={intl.formatMessage({ id: 'voice.forwarding.rings' })}
                      options={RINGS.map((count) => ({
                        value: String(count),
                        label: intl.formatMessage({ id: 'voice.forwarding.ringsCount' }, { count }),
                      }))}
                      value={String(settings.noAnswer.rings)}
                      onChange={(rings) => change({ noAnswer: { ...settings.noAnswer, rings: Number(rings) } })}
                      error={error('noAnswer.rings')}
                    />
                  ) : null}
                </>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      {replacesVoicemail(settings) ? (
        <p role="note" className={`mt-4 ${WARNING}`}>
          {intl.formatMessage({ id: 'voice.forwarding.replacesVoicemail' })}
        </p>
      ) : null}

      <div className="mt-6 space-y-3">
        <CheckboxField
          label={intl.formatMessage({ id: 'voice.forwarding.simultaneous.enable' })}
          description={intl.formatMessage(
            { id: 'voice.forwarding.simultaneous.note' },
            { max: SIMULTANEOUS_RING_MAX_NUMBERS },
          )}
          checked={settings.simultaneousRing.enabled}
          onChange={(enabled) => change({ simultaneousRing: { ...settings.simultaneousRing, enabled } })}
        />
        {settings.simultaneousRing.enabled ? (
          <EntryList
            legend={intl.formatMessage({ id: 'voice.forwarding.simultaneous.legend' })}
            values={settings.simultaneousRing.numbers}
            onChange={(numbers) => change({ simultaneousRing: { ...settings.simultaneousRing, numbers } })}
            max={SIMULTANEOUS_RING_MAX_NUMBERS}
            kind="number"
            itemLabel={(position) => intl.formatMessage({ id: 'voice.list.number' }, { position })}
            addLabel={intl.formatMessage({ id: 'voice.list.addNumber' })}
            error={errors['simultaneousRing.numbers']}
            itemErrors={itemErrors(errors, 'simultaneousRing.numbers')}
          />
        ) : null}
      </div>

      <fieldset className="mt-8">
        <legend className={SECTION_TITLE}>{intl.formatMessage({ id: 'voice.hours.legend' })}</legend>
        <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'voice.hours.note' })}</p>
        <HoursSource
          value={settings.hoursPropertyId}
          onChange={(hoursPropertyId) => change({ hoursPropertyId })}
          error={error('hoursPropertyId')}
        >
          <ul className="mt-3 flex flex-col gap-3">
            {VOICE_WEEKDAYS.map((day, index) => {
              const hours = settings.businessHours[day];
              const name = weekday(index);
              const setDay = (next: typeof hours) =>
                change({ businessHours: { ...settings.businessHours, [day]: next } });
              return (
                <li key={day} className="grid items-start gap-3 md:grid-cols-[12rem_1fr_1fr]">
                  <CheckboxField
                    label={intl.formatMessage({ id: 'voice.hours.open' }, { day: name })}
                    checked={hours !== null}
                    onChange={(open) => setDay(open ? { open: '09:00', close: '17:00' } : null)}
                  />
                  {hours ? (
                    <>
                      <TextField
                        type="time"
                        label={intl.formatMessage({ id: 'voice.hours.opens' }, { day: name })}
                        value={hours.open}
                        onChange={(open) => setDay({ ...hours, open })}
                        error={error(`businessHours.${day}.open`)}
                      />
                      <TextField
                        type="time"
                        label={intl.formatMessage({ id: 'voice.hours.closes' }, { day: name })}
                        value={hours.close}
                        onChange={(close) => setDay({ ...hours, close })}
                        error={error(`businessHours.${day}.close`)}
                      />
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="mt-6">
            <EntryList
              legend={intl.formatMessage({ id: 'voice.holidays.legend' })}
              note={intl.formatMessage({ id: 'voice.holidays.note' })}
              values={settings.holidays}
              onChange={(holidays) => change({ holidays })}
              max={VOICE_HOLIDAYS_MAX}
              kind="date"
              itemLabel={(position) => intl.formatMessage({ id: 'voice.holidays.item' }, { position })}
              addLabel={intl.formatMessage({ id: 'voice.holidays.add' })}
              error={errors.holidays}
              itemErrors={itemErrors(errors, 'holidays')}
            />
          </div>
        </HoursSource>
      </fieldset>

      <ScheduleRules
        rules={settings.scheduleRules}
        onChange={(scheduleRules) => change({ scheduleRules })}
        errors={errors}
      />

      <div className="mt-8 flex flex-wrap items-center gap-4">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={pending || undefined}>
          {intl.formatMessage({ id: 'voice.forwarding.save' })}
        </button>
        <p role="status" className="font-semibold text-brand-900">
          {outcome === 'saved' ? intl.formatMessage({ id: 'voice.forwarding.saved' }) : ''}
        </p>
      </div>
    </form>
  );
}
