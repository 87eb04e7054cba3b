import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { type CompanyDetails, profileKeys, saveCompanyDetails, useCompanyDetails } from '../api/profile-api';
import { COMPANY_NAME_MAX, email, phone, required, serverFieldErrors } from '../utils/profile-rules';

type CompanyValues = {
  displayName: string;
  businessPhone: string;
  billingContactName: string;
  billingContactEmail: string;
};
const FIELDS = ['displayName', 'businessPhone', 'billingContactName', 'billingContactEmail'] as const;

const valuesOf = (company: CompanyDetails): CompanyValues => ({
  displayName: company.displayName,
  businessPhone: company.businessPhone ?? '',
  billingContactName: company.billingContactName ?? '',
  billingContactEmail: company.billingContactEmail ?? '',
});

function CompanyForm({ company, onSaved }: { company: CompanyDetails; onSaved: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useForm<CompanyValues>({
    initial: valuesOf(company),
    rules: {
      displayName: required('profile.company.displayName.required', COMPANY_NAME_MAX),
      businessPhone: phone(false),
      billingContactName: required('profile.company.billingContactName.required', COMPANY_NAME_MAX),
      billingContactEmail: email,
    },
  });
  const save = useMutation({ mutationFn: saveCompanyDetails });
  const onField = Object.keys(serverFieldErrors<CompanyValues>(save.error, FIELDS)).length > 0;
  const submit = (values: CompanyValues) =>
    save.mutate(
      { ...values, billingContactEmail: values.billingContactEmail.trim() },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(profileKeys.company(), saved);
          form.reset(valuesOf(saved));
          onSaved();
        },
        onError: (error) => {
          const errors = serverFieldErrors<CompanyValues>(error, FIELDS);
          if (Object.keys(errors).length > 0) form.showErrors(errors);
        },
      },
    );
  const address = company.serviceAddress;
  return (
    <Form
      form={form}
      onSubmit={() => {
        if (!save.isPending) form.submit(submit);
      }}
      alerts={
        save.isError && !onField ? (
          <ErrorPanel titleId="profile.failed" bodyId="profile.tryLater" headingLevel={3} />
        ) : null
      }
      className="max-w-xl space-y-5"
    >
      <TextField
        label={intl.formatMessage({ id: 'profile.company.displayName' })}
        name="displayName"
        autoComplete="organization"
        {...form.field('displayName')}
      />
      <TextField
        label={intl.formatMessage({ id: 'profile.company.businessPhone' })}
        name="businessPhone"
        type="tel"
        autoComplete="tel"
        {...form.field('businessPhone')}
      />
      <TextField
        label={intl.formatMessage({ id: 'profile.company.billingContactName' })}
        name="billingContactName"
        autoComplete="name"
        {...form.field('billingContactName')}
      />
      <TextField
        label={intl.formatMessage({ id: 'profile.company.billingContactEmail' })}
        name="billingContactEmail"
        type="email"
        autoComplete="email"
        spellCheck={false}
        {...form.field('billingContactEmail')}
      />
      <div>
        <h3 className="font-semibold text-ink">{intl.formatMessage({ id: 'profile.company.serviceAddress' })}</h3>
        {address ? (
          <p className="mt-1 text-ink">
            {address.addressLine1}
            <br />
            {`${address.city}, ${address.state} ${address.zip}`}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-ink-muted">
          {intl.formatMessage({ id: 'profile.company.serviceAddressNote' })}
        </p>
      </div>
      <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'profile.company.save' })}
      </button>
    </Form>
  );
}

/**
 * The Company section of Profile & Settings (issue 18 item 1, wider-portal.md §3; `company.manage`: PRIMARY and
 * ADMIN): the display name, business phone and billing contact; the service address is read-only (an order by phone).
 * `focusOnOpen` (`?goToCompany=true`, spec §2.2) scrolls to the section and focuses its title once it has loaded.
 */
export function CompanySection({ focusOnOpen = false }: { focusOnOpen?: boolean }) {
  const intl = useIntl();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const company = useCompanyDetails();
  const [announcement, setAnnouncement] = useState('');
  const loaded = company.data !== undefined;
  useEffect(() => {
    if (!focusOnOpen || !loaded) return;
    titleRef.current?.scrollIntoView({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, [focusOnOpen, loaded]);
  return (
    <section id="company" aria-labelledby={titleId} className={`${CARD} scroll-mt-4 space-y-6`}>
      <div>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
          {intl.formatMessage({ id: 'profile.company.title' })}
        </h2>
        <p role="status" className="mt-3 font-semibold text-ink empty:hidden">
          {announcement}
        </p>
      </div>
      {company.data ? (
        <CompanyForm
          company={company.data}
          onSaved={() => setAnnouncement(intl.formatMessage({ id: 'profile.company.saved' }))}
        />
      ) : company.isError ? (
        <ErrorPanel titleId="profile.failed" bodyId="profile.tryLater" headingLevel={3} />
      ) : (
        <ListSkeleton rows={4} />
      )}
    </section>
  );
}
