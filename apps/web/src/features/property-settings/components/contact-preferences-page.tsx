import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type NoticeChoice,
  PROPERTY_NOTICE_CHANNELS,
  PROPERTY_NOTICES,
  type PropertyNotice,
  type PropertyNoticeChannel,
} from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FieldError } from '../../../components/ui/field-notes';
import { CARD, HINT, PRIMARY_BUTTON, SECTION_TITLE, TEXT_LINK, WARNING } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { type ContactPreferences, saveContactPreferences, useContactPreferences } from '../api/contacts-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import { CHANNEL_NAMES, faultMessage, fieldFaults, NOTICE_NAMES, ROLE_NAMES } from '../utils/settings-words';
import { LoadFailure, SettingsFrame } from './settings-frame';

type Matrix = Record<string, boolean>;
const keyOf = (contactId: string, notice: PropertyNotice, channel: PropertyNoticeChannel) =>
  `${contactId}|${notice}|${channel}`;

function matrixOf(preferences: ContactPreferences): Matrix {
  const matrix: Matrix = {};
  for (const contact of preferences.contacts) {
    for (const notice of PROPERTY_NOTICES) {
      for (const channel of PROPERTY_NOTICE_CHANNELS) matrix[keyOf(contact.id, notice, channel)] = false;
    }
  }
  for (const choice of preferences.choices) matrix[keyOf(choice.contactId, choice.notice, choice.channel)] = true;
  return matrix;
}

function choicesOf(matrix: Matrix): NoticeChoice[] {
  return Object.entries(matrix)
    .filter(([, chosen]) => chosen)
    .map(([key]) => {
      const [contactId = '', notice, channel] = key.split('|');
      return { contactId, notice: notice as PropertyNotice, channel: channel as PropertyNoticeChannel };
    });
}

/**
 * Which contact gets which notice, by which channel (wider-portal.md §10): a table with a row per contact and, per
 * notice (outages, visits, billing, contract), a box for e-mail and one for text, each named by its notice, channel
 * and contact. A contact without a phone cannot get texts (the box is off, and says why). A notice nobody gets is
 * pointed out. Saved whole; the outage notices of the background work follow it.
 */
function PreferencesForm({ preferences, canManage }: { preferences: ContactPreferences; canManage: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const noPhoneId = useId();
  const [saved, setSaved] = useState(false);
  const propertyId = preferences.property.id;
  const form = useForm<Matrix>({ initial: () => matrixOf(preferences) });
  const save = useMutation({
    mutationFn: (choices: NoticeChoice[]) => saveContactPreferences(propertyId, { choices }),
  });
  const submit = (values: Matrix) => {
    setSaved(false);
    const choices = choicesOf(values);
    save.mutate(choices, {
      onSuccess: (next) => {
        queryClient.setQueryData(propertySettingsKeys.preferences(propertyId), next);
        form.reset(matrixOf(next));
        setSaved(true);
      },
      onError: (error) => {
        const errors: FormErrors<Matrix> = {};
        for (const fault of fieldFaults(error)) {
          const index = /^choices\.(\d+)/.exec(fault.path)?.[1];
          const choice = index === undefined ? undefined : choices[Number(index)];
          if (choice) errors[keyOf(choice.contactId, choice.notice, choice.channel)] = faultMessage(fault.code);
        }
        if (Object.keys(errors).length > 0) form.showErrors(errors);
      },
    });
  };
  const nobody = PROPERTY_NOTICES.filter((notice) =>
    preferences.contacts.every((contact) =>
      PROPERTY_NOTICE_CHANNELS.every((channel) => !form.values[keyOf(contact.id, notice, channel)]),
    ),
  );
  const faults = Object.keys(form.values).flatMap((key) => {
    const error = form.error(key);
    return error ? [{ key, error }] : [];
  });
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (canManage && !save.isPending) form.submit(submit);
      }}
      heading={
        <h2 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'propertySettings.preferences.title' }, { name: preferences.property.name })}
        </h2>
      }
      alerts={
        save.isError && fieldFaults(save.error).length === 0 ? (
          <ErrorPanel
            titleId="propertySettings.errors.save.title"
            bodyId="propertySettings.errors.save.body"
            headingLevel={3}
          />
        ) : null
      }
      className="space-y-5"
    >
      <p id={noPhoneId} className={HINT}>
        {intl.formatMessage({ id: 'propertySettings.preferences.noPhone' })}
      </p>
      {faults.map(({ key, error }) => (
        <FieldError key={key} id={`${headingId}-${key}`} error={error} />
      ))}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">
            {intl.formatMessage({ id: 'propertySettings.preferences.title' }, { name: preferences.property.name })}
          </caption>
          <thead>
            <tr className="border-b-2 border-line-strong">
              <th scope="col" className="px-3 py-2 text-sm font-semibold text-ink-muted">
                {intl.formatMessage({ id: 'propertySettings.preferences.contact' })}
              </th>
              {PROPERTY_NOTICES.map((notice) => (
                <th key={notice} scope="col" className="px-3 py-2 text-center text-sm font-semibold text-ink-muted">
                  {intl.formatMessage({ id: NOTICE_NAMES[notice] })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preferences.contacts.map((contact) => (
              <tr key={contact.id} className="border-b border-line">
                <th scope="row" className="px-3 py-3 align-top font-normal">
                  <span className="block font-semibold text-ink">{contact.name}</span>
                  <span className={`block ${HINT}`}>{intl.formatMessage({ id: ROLE_NAMES[contact.role] })}</span>
                </th>
                {PROPERTY_NOTICES.map((notice) => (
                  <td key={notice} className="px-3 py-2 text-center align-top">
                    <span className="inline-flex flex-col items-start gap-1">
                      {PROPERTY_NOTICE_CHANNELS.map((channel) => {
                        const key = keyOf(contact.id, notice, channel);
                        const binding = form.field(key);
                        const noPhone = channel === 'text' && contact.phone === null;
                        return (
                          <label
                            key={channel}
                            className="inline-flex min-h-11 items-center gap-2 has-disabled:cursor-not-allowed"
                          >
                            <input
                              type="checkbox"
                              ref={binding.inputRef}
                              checked={binding.value ?? false}
                              disabled={!canManage || (noPhone && !binding.value)}
                              aria-invalid={binding.error ? true : undefined}
                              aria-describedby={
                                [noPhone ? noPhoneId : null, binding.error ? `${headingId}-${key}` : null]
                                  .filter(Boolean)
                                  .join(' ') || undefined
                              }
                              onChange={(event) => binding.onChange(event.target.checked)}
                              className="size-5 accent-brand-700"
                            />
                            <span aria-hidden="true" className="text-sm text-ink">
                              {intl.formatMessage({ id: CHANNEL_NAMES[channel] })}
                            </span>
                            <span className="sr-only">
                              {intl.formatMessage(
                                { id: 'propertySettings.preferences.choice' },
                                {
                                  notice: intl.formatMessage({ id: NOTICE_NAMES[notice] }),
                                  channel: intl.formatMessage({ id: CHANNEL_NAMES[channel] }),
                                  name: contact.name,
                                },
                              )}
                            </span>
                          </label>
                        );
                      })}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nobody.length > 0 ? (
        <p className={WARNING}>
          {intl.formatMessage(
            { id: 'propertySettings.preferences.nobody' },
            { notices: intl.formatList(nobody.map((notice) => intl.formatMessage({ id: NOTICE_NAMES[notice] }))) },
          )}
        </p>
      ) : null}
      <p role="status" className="font-semibold text-ink empty:hidden">
        {saved ? intl.formatMessage({ id: 'propertySettings.preferences.saved' }) : ''}
      </p>
      {canManage ? (
        <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'propertySettings.preferences.save' })}
        </button>
      ) : null}
    </Form>
  );
}

function PreferencesSection({ propertyId, canManage }: { propertyId: string; canManage: boolean }) {
  const intl = useIntl();
  const preferences = useContactPreferences(propertyId);
  return (
    <section className={CARD}>
      {preferences.isError ? (
        <LoadFailure onRetry={() => void preferences.refetch()} isRetrying={preferences.isFetching} />
      ) : !preferences.data ? (
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'propertySettings.loading' })} />
      ) : preferences.data.contacts.length === 0 ? (
        <p className="text-ink">
          {intl.formatMessage({ id: 'propertySettings.preferences.noContacts' })}{' '}
          <Link to="/manage-property-contacts" search={{ propertyId }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'pages.propertyContacts' })}
          </Link>
        </p>
      ) : (
        <PreferencesForm preferences={preferences.data} canManage={canManage} />
      )}
    </section>
  );
}

/** `/property-contact-preferences` (spec §2.1; issue 22 item 5, wider-portal.md §10). */
export function ContactPreferencesPage() {
  return (
    <SettingsFrame
      path="/property-contact-preferences"
      titleId="pages.propertyContactPreferences"
      introId="propertySettings.preferences.intro"
    >
      {({ property, canManage }) => <PreferencesSection propertyId={property.id} canManage={canManage} />}
    </SettingsFrame>
  );
}
