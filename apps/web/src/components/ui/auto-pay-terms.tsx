import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField } from './checkbox-field';

export type AutoPayTerms = { electronic: boolean; service: boolean };
export type AutoPayTermsErrors = { electronic?: string; service?: string };

/** The errors of terms not accepted (spec §5: both are required to enrol), in the user's language. */
export function useAutoPayTermsCheck(): (terms: AutoPayTerms) => AutoPayTermsErrors {
  const intl = useIntl();
  return (terms) => ({
    electronic: terms.electronic ? undefined : intl.formatMessage({ id: 'autopay.terms.electronic.required' }),
    service: terms.service ? undefined : intl.formatMessage({ id: 'autopay.terms.service.required' }),
  });
}

/**
 * spec §5: the electronic-payment terms and the terms of service, each accepted with its own required box. Used by
 * the Auto Pay enrolment and by the one-time payment that also enrols.
 */
export function AutoPayTermsFields({
  terms,
  errors,
  electronicRef,
  serviceRef,
  onChange,
}: {
  terms: AutoPayTerms;
  errors: AutoPayTermsErrors;
  electronicRef?: Ref<HTMLInputElement>;
  serviceRef?: Ref<HTMLInputElement>;
  onChange: (terms: AutoPayTerms) => void;
}) {
  const intl = useIntl();
  return (
    <div className="max-w-2xl space-y-4">
      <div className="space-y-2">
        <h4 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'autopay.terms.electronic.title' })}</h4>
        <p className="text-sm text-ink">{intl.formatMessage({ id: 'autopay.terms.electronic.text' })}</p>
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.terms.electronic.accept' })}
          checked={terms.electronic}
          required
          onChange={(electronic) => onChange({ ...terms, electronic })}
          error={errors.electronic}
          inputRef={electronicRef}
        />
      </div>
      <div className="space-y-2">
        <h4 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'autopay.terms.service.title' })}</h4>
        <p className="text-sm text-ink">{intl.formatMessage({ id: 'autopay.terms.service.text' })}</p>
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.terms.service.accept' })}
          checked={terms.service}
          required
          onChange={(service) => onChange({ ...terms, service })}
          error={errors.service}
          inputRef={serviceRef}
        />
      </div>
    </div>
  );
}
