import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCALES, type Locale } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../lib/locale-context';
import {
  type PersonalDetails,
  profileKeys,
  saveLanguage,
  savePersonalDetails,
  usePersonalDetails,
} from '../api/profile-api';
import { PERSON_NAME_MAX, phone, required, serverFieldErrors } from '../utils/profile-rules';
import { EmailChangeForm } from './email-change-form';

type PersonalValues = { firstName: string; lastName: string; mobilePhone: string };
const FIELDS = ['firstName', 'lastName', 'mobilePhone'] as const;

const valuesOf = (details: PersonalDetails): PersonalValues => ({
  firstName: details.firstName,
  lastName: details.lastName,
  mobilePhone: details.mobilePhone ?? '',
});

/** Names and the mobile number for texts (issue 18 item 1): the server keeps the number E.164. */
function DetailsForm({ details, onSaved }: { details: PersonalDetails; onSaved: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<PersonalValues>({
    initial: valuesOf(details),
    rules: {
      firstName: required('profile.firstName.required', PERSON_NAME_MAX),
      lastName: required('profile.lastName.required', PERSON_NAME_MAX),
      mobilePhone: phone(true),
    },
  });
  const save = useMutation({ mutationFn: savePersonalDetails });
  const onField = Object.keys(serverFieldErrors<PersonalValues>(save.error, FIELDS)).length > 0;

  const submit = (values: PersonalValues) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        queryClient.setQueryData(profileKeys.personal(), saved);
        form.reset(valuesOf(saved));
        onSaved();
      },
      onError: (error) => {
        const errors = serverFieldErrors<PersonalValues>(error, FIELDS);
        if (Object.keys(errors).length > 0) form.showErrors(errors);
      },
    });

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!save.isPending) form.submit(submit);
      }}
      heading={
        <h3 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'profile.personal.details' })}
        </h3>
      }
      alerts={
        save.isError && !onField ? (
          <ErrorPanel titleId="profile.failed" bodyId="profile.tryLater" headingLevel={4} />
        ) : null
      }
      className="max-w-xl space-y-5"
    >
      <TextField
        label={intl.formatMessage({ id: 'profile.firstName' })}
        autoComplete="given-name"
        name="firstName"
        {...form.field('firstName')}
      />
      <TextField
        label={intl.formatMessage({ id: 'profile.lastName' })}
        autoComplete="family-name"
        name="lastName"
        {...form.field('lastName')}
      />
      <TextField
        label={intl.formatMessage({ id: 'profile.mobilePhone' })}
        hint={intl.formatMessage({ id: 'profile.mobilePhone.hint' })}
        type="tel"
        autoComplete="tel"
        name="mobilePhone"
        {...form.field('mobilePhone')}
      />
      <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'profile.personal.save' })}
      </button>
    </Form>
  );
}

/** The language the portal, e-mails, texts, PDFs and CSV files use: switches the page at once and is saved. */
function LanguageChoice({ onSaved }: { onSaved: (failed: boolean) => void }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const queryClient = useQueryClient();
  const choose = (next: Locale) => {
    if (next === locale) return;
    void setLocale(next);
    saveLanguage(next).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: profileKeys.personal() });
        onSaved(false);
      },
      () => onSaved(true),
    );
  };
  return (
    <RadioGroup<Locale>
      legend={intl.formatMessage({ id: 'profile.language' })}
      note={intl.formatMessage({ id: 'profile.language.note' })}
      options={LOCALES.map((option) => ({
        value: option,
        label: <span lang={option}>{intl.formatMessage({ id: `shell.language.${option}` as const })}</span>,
      }))}
      value={locale}
      onChange={choose}
    />
  );
}

/**
 * The Personal section of Profile & Settings (issue 18 item 1, wider-portal.md §3): first and last name, mobile number
 * for texts, the contact e-mail (changed by a link to the new address; a notice goes to the current one), language.
 * A status line says what each change did.
 */
export function PersonalSection() {
  const intl = useIntl();
  const titleId = useId();
  const details = usePersonalDetails();
  const [announcement, setAnnouncement] = useState('');
  return (
    <section aria-labelledby={titleId} className={`${CARD} space-y-8`}>
      <div>
        <h2 id={titleId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'profile.personal.title' })}
        </h2>
        <p role="status" className="mt-3 font-semibold text-ink empty:hidden">
          {announcement}
        </p>
      </div>
      {details.data ? (
        <>
          <DetailsForm
            details={details.data}
            onSaved={() => setAnnouncement(intl.formatMessage({ id: 'profile.personal.saved' }))}
          />
          <EmailChangeForm
            details={details.data}
            onSent={(to) => setAnnouncement(intl.formatMessage({ id: 'profile.email.sent' }, { email: to }))}
          />
          <LanguageChoice
            onSaved={(failed) =>
              setAnnouncement(intl.formatMessage({ id: failed ? 'profile.language.failed' : 'profile.language.saved' }))
            }
          />
        </>
      ) : details.isError ? (
        <ErrorPanel titleId="profile.failed" bodyId="profile.tryLater" headingLevel={3} />
      ) : (
        <ListSkeleton rows={3} />
      )}
    </section>
  );
}
