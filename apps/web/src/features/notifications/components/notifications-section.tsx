import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationEvent } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, HINT, NOTICE, PRIMARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import type { MessageId } from '../../../messages';
import {
  type NotificationSettings,
  notificationKeys,
  saveNotificationSettings,
  useNotificationSettings,
} from '../api/notifications-api';

/** Each event's name and one-line description (literal ids: the message slices find them). */
const EVENT_TEXT: Record<NotificationEvent, { name: MessageId; description: MessageId }> = {
  bill_ready: { name: 'notifications.event.billReady', description: 'notifications.event.billReady.description' },
  payment_received: {
    name: 'notifications.event.paymentReceived',
    description: 'notifications.event.paymentReceived.description',
  },
  payment_failed: {
    name: 'notifications.event.paymentFailed',
    description: 'notifications.event.paymentFailed.description',
  },
  autopay_upcoming: {
    name: 'notifications.event.autopayUpcoming',
    description: 'notifications.event.autopayUpcoming.description',
  },
  card_expiring: {
    name: 'notifications.event.cardExpiring',
    description: 'notifications.event.cardExpiring.description',
  },
  outage: { name: 'notifications.event.outage', description: 'notifications.event.outage.description' },
  appointment_reminder: {
    name: 'notifications.event.appointmentReminder',
    description: 'notifications.event.appointmentReminder.description',
  },
  users_changed: {
    name: 'notifications.event.usersChanged',
    description: 'notifications.event.usersChanged.description',
  },
  security: { name: 'notifications.event.security', description: 'notifications.event.security.description' },
};

const CHANNEL_TEXT: Record<NotificationChannel, { column: MessageId; label: MessageId }> = {
  email: { column: 'notifications.channel.email', label: 'notifications.channel.emailFor' },
  text: { column: 'notifications.channel.text', label: 'notifications.channel.textFor' },
};

type ChoiceKey = `${NotificationEvent}.${NotificationChannel}`;
type Matrix = Record<ChoiceKey, boolean>;
const keyOf = (event: NotificationEvent, channel: NotificationChannel): ChoiceKey => `${event}.${channel}`;

const matrixOf = (settings: NotificationSettings): Matrix => {
  const matrix = {} as Matrix;
  for (const choice of settings.choices) {
    matrix[keyOf(choice.event, 'email')] = choice.email;
    matrix[keyOf(choice.event, 'text')] = choice.text;
  }
  return matrix;
};

/** A time of day (a whole hour) for the quiet-hours sentence: a local date, formatted by its ICU `time` argument. */
const hourOfDay = (hour: number) => new Date(2026, 0, 1, hour, 0, 0);

/**
 * The choices: a table with a row per event (its name and description as the row's header) and a column per channel;
 * each checkbox is named by its event and channel. Security notices are shown checked and cannot be changed.
 */
function ChoicesForm({ settings, onSaved }: { settings: NotificationSettings; onSaved: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const lockedNoteId = useId();
  const form = useForm<Matrix>({ initial: () => matrixOf(settings) });
  const save = useMutation({ mutationFn: saveNotificationSettings });

  const submit = (values: Matrix) =>
    save.mutate(
      {
        choices: settings.choices
          .filter((choice) => !choice.locked && choice.event !== 'security')
          .map((choice) => ({
            event: choice.event as Exclude<NotificationEvent, 'security'>,
            email: values[keyOf(choice.event, 'email')] ?? false,
            text: values[keyOf(choice.event, 'text')] ?? false,
          })),
      },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(notificationKeys.settings(), saved);
          form.reset(matrixOf(saved));
          onSaved();
        },
      },
    );

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!save.isPending) form.submit(submit);
      }}
      heading={
        <h3 id={headingId} className="sr-only">
          {intl.formatMessage({ id: 'notifications.choices' })}
        </h3>
      }
      alerts={
        save.isError ? (
          <ErrorPanel
            titleId="notifications.failed"
            bodyId={refusalBodyId(save.error) ?? 'notifications.tryLater'}
            headingLevel={4}
          />
        ) : null
      }
      className="space-y-5"
    >
      <div className="overflow-x-auto">
        <table className="w-full max-w-3xl border-collapse text-left">
          <caption className="sr-only">{intl.formatMessage({ id: 'notifications.choices' })}</caption>
          <thead>
            <tr className="border-b-2 border-line-strong">
              <th scope="col" className="px-3 py-2 text-sm font-semibold text-ink-muted">
                {intl.formatMessage({ id: 'notifications.column.event' })}
              </th>
              {(['email', 'text'] as const).map((channel) => (
                <th
                  key={channel}
                  scope="col"
                  className="w-20 px-3 py-2 text-center text-sm font-semibold text-ink-muted"
                >
                  {intl.formatMessage({ id: CHANNEL_TEXT[channel].column })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {settings.choices.map((choice) => {
              const eventName = intl.formatMessage({ id: EVENT_TEXT[choice.event].name });
              return (
                <tr key={choice.event} className="border-b border-line">
                  <th scope="row" className="px-3 py-3 align-top font-normal">
                    <span className="block font-semibold text-ink">{eventName}</span>
                    <span className={`block ${HINT}`}>
                      {intl.formatMessage({ id: EVENT_TEXT[choice.event].description })}
                    </span>
                    {choice.locked ? (
                      <span
                        id={`${lockedNoteId}-${choice.event}`}
                        className="mt-1 block text-sm font-semibold text-ink"
                      >
                        {intl.formatMessage({ id: 'notifications.locked' })}
                      </span>
                    ) : null}
                  </th>
                  {(['email', 'text'] as const).map((channel) => {
                    const binding = form.field(keyOf(choice.event, channel));
                    return (
                      <td key={channel} className="px-3 py-2 text-center align-middle">
                        <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center has-disabled:cursor-not-allowed">
                          <input
                            type="checkbox"
                            ref={binding.inputRef}
                            checked={choice.locked ? choice[channel] : (binding.value ?? false)}
                            disabled={choice.locked}
                            aria-describedby={choice.locked ? `${lockedNoteId}-${choice.event}` : undefined}
                            onChange={(event) => binding.onChange(event.target.checked)}
                            className="size-5 accent-brand-700"
                          />
                          <span className="sr-only">
                            {intl.formatMessage({ id: CHANNEL_TEXT[channel].label }, { event: eventName })}
                          </span>
                        </label>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'notifications.save' })}
      </button>
    </Form>
  );
}

/** Where texts go and when they wait: the mobile number (or its absence) and the quiet hours in the account's zone. */
function TextNotes({ settings, onAddMobile }: { settings: NotificationSettings; onAddMobile?: () => void }) {
  const intl = useIntl();
  const { startHour, endHour } = settings.quietHours;
  return (
    <div className="max-w-3xl space-y-3">
      {settings.mobilePhone === null ? (
        <div className={NOTICE}>
          <p>{intl.formatMessage({ id: 'notifications.noMobile' })}</p>
          {onAddMobile ? (
            <button type="button" onClick={onAddMobile} className={`${TEXT_LINK} mt-2 min-h-11 cursor-pointer`}>
              {intl.formatMessage({ id: 'notifications.addMobile' })}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="text-ink">
          {intl.formatMessage({ id: 'notifications.textsTo' }, { phone: settings.mobilePhone })}
        </p>
      )}
      <p className="text-ink">
        {intl.formatMessage(
          { id: 'notifications.quietHours' },
          { start: hourOfDay(startHour), end: hourOfDay(endHour), zone: settings.timeZone },
        )}
      </p>
    </div>
  );
}

/**
 * The Notifications section of Profile & Settings (issue 18 item 4, wider-portal.md §3): e-mail and text per event,
 * security notices always on. `onAddMobile` (the page's) takes the person to the mobile number in Personal details.
 */
export function NotificationsSection({ onAddMobile }: { onAddMobile?: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const settings = useNotificationSettings();
  const [announcement, setAnnouncement] = useState('');
  return (
    <section aria-labelledby={titleId} className={`${CARD} space-y-6`}>
      <div>
        <h2 id={titleId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'notifications.title' })}
        </h2>
        <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'notifications.intro' })}</p>
        <p role="status" className="mt-3 font-semibold text-ink empty:hidden">
          {announcement}
        </p>
      </div>
      {settings.data ? (
        <>
          <TextNotes settings={settings.data} onAddMobile={onAddMobile} />
          <ChoicesForm
            settings={settings.data}
            onSaved={() => setAnnouncement(intl.formatMessage({ id: 'notifications.saved' }))}
          />
        </>
      ) : settings.isError ? (
        <ErrorPanel titleId="notifications.failed" bodyId="notifications.loadFailed" headingLevel={3} />
      ) : (
        <ListSkeleton rows={4} />
      )}
    </section>
  );
}
