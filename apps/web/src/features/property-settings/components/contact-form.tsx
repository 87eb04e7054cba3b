import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_INPUT_MAX_LENGTH,
  CONTACT_ROLES,
  type ContactRole,
  type Locale,
  type PropertyContactRequest,
  type RuleResult,
} from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type PropertyContact, savePropertyContact } from '../api/contacts-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import { faultMessage, fieldFaults, LANGUAGE_NAMES, ROLE_NAMES } from '../utils/settings-words';

type ContactValues = { name: string; role: ContactRole; phone: string; email: string; language: Locale };
const FIELDS = ['name', 'role', 'phone', 'email', 'language'] as const;
const fail = (message: MessageId): RuleResult => ({ ok: false, message });

/**
 * A property contact, new or changed (wider-portal.md §10): name, role, phone (optional: without one, no texts) and
 * e-mail, and the language of the notices it gets. The form checks what it can; the server reads the phone with
 * libphonenumber-js and keeps it E.164, and refuses a card number in the name, each on its field.
 */
export function ContactForm({
  propertyId,
  contact,
  onDone,
}: {
  propertyId: string;
  contact: PropertyContact | null;
  onDone: (saved: PropertyContact | null) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<ContactValues>({
    initial: () => ({
      name: contact?.name ?? '',
      role: contact?.role ?? 'property_manager',
      phone: contact?.phone ?? '',
      email: contact?.email ?? '',
      language: contact?.language ?? 'en',
    }),
    rules: {
      name: (value) =>
        value.trim() === '' || [...value.trim()].length > CONTACT_NAME_MAX_LENGTH
          ? fail('propertySettings.contact.error.nameRequired')
          : null,
      phone: (value) =>
        value.trim() !== '' && !/^[+\d\s().-]{7,30}$/.test(value.trim())
          ? fail('propertySettings.contact.error.phoneInvalid')
          : null,
      email: (value) =>
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : fail('propertySettings.contact.error.emailInvalid'),
    },
  });
  const save = useMutation({
    mutationFn: (request: PropertyContactRequest) => savePropertyContact(propertyId, contact?.id ?? null, request),
  });
  const submit = (values: ContactValues) =>
    save.mutate(
      { ...values, name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim() },
      {
        onSuccess: (saved) => {
          void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.contacts(propertyId) });
          void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.preferences(propertyId) });
          onDone(saved);
        },
        onError: (error) => {
          const errors: FormErrors<ContactValues> = {};
          for (const fault of fieldFaults(error)) {
            const name = (FIELDS as readonly string[]).includes(fault.path)
              ? (fault.path as keyof ContactValues)
              : 'name';
            errors[name] =
              name === 'email' && fault.code !== 'text.cardNumberRefused'
                ? { message: 'propertySettings.contact.error.emailInvalid' }
                : faultMessage(fault.code);
          }
          if (Object.keys(errors).length > 0) form.showErrors(errors);
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
        <h3 id={headingId} className="text-lg font-semibold text-navy-900">
          {contact
            ? intl.formatMessage({ id: 'propertySettings.contact.editTitle' }, { name: contact.name })
            : intl.formatMessage({ id: 'propertySettings.contact.add' })}
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
      <div className="grid gap-4 narrow:grid-cols-2">
        <TextField
          {...form.field('name')}
          label={intl.formatMessage({ id: 'propertySettings.contact.name' })}
          name="name"
          autoComplete="off"
          maxLength={CONTACT_NAME_MAX_LENGTH}
        />
        <SelectField
          {...form.field('role')}
          onChange={(value) => form.set('role', value as ContactRole)}
          label={intl.formatMessage({ id: 'propertySettings.contact.role' })}
          options={CONTACT_ROLES.map((role) => ({ value: role, label: intl.formatMessage({ id: ROLE_NAMES[role] }) }))}
        />
        <TextField
          {...form.field('phone')}
          label={intl.formatMessage({ id: 'propertySettings.contact.phone' })}
          hint={intl.formatMessage({ id: 'propertySettings.contact.phoneHint' })}
          name="phone"
          type="tel"
          autoComplete="off"
          maxLength={CONTACT_PHONE_INPUT_MAX_LENGTH}
        />
        <TextField
          {...form.field('email')}
          label={intl.formatMessage({ id: 'propertySettings.contact.email' })}
          name="email"
          type="email"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          {...form.field('language')}
          onChange={(value) => form.set('language', value as Locale)}
          label={intl.formatMessage({ id: 'propertySettings.contact.language' })}
          options={(['en', 'es'] as const).map((language) => ({
            value: language,
            label: intl.formatMessage({ id: LANGUAGE_NAMES[language] }),
          }))}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'propertySettings.contact.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => onDone(null)}>
          {intl.formatMessage({ id: 'propertySettings.cancel' })}
        </button>
      </div>
    </Form>
  );
}
