import type { RuleResult } from '@vireo/shared';
import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { CheckboxField } from './checkbox-field';

export type AutoPayTerms = { electronic: boolean; service: boolean };

const TERM_REQUIRED: Record<keyof AutoPayTerms, MessageId> = {
  electronic: 'autopay.terms.electronic.required',
  service: 'autopay.terms.service.required',
};

/** spec §5: each of the terms must be accepted to enrol (a form kit rule: the message id of the refusal). */
export function termAccepted(accepted: boolean, term: keyof AutoPayTerms): RuleResult {
  return accepted ? { ok: true } : { ok: false, message: TERM_REQUIRED[term] };
}

/** One box of the terms as the form kit binds it (`form.field(name)`). */
type TermBinding = {
  value: boolean;
  onChange: (accepted: boolean) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
};

/**
 * spec §5: the electronic-payment terms and the terms of service, each accepted with its own required box. Used by
 * the Auto Pay enrolment and by the one-time payment that also enrols.
 */
export function AutoPayTermsFields({ electronic, service }: { electronic: TermBinding; service: TermBinding }) {
  const intl = useIntl();
  return (
    <div className="max-w-2xl space-y-4">
      <div className="space-y-2">
        <h4 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'autopay.terms.electronic.title' })}</h4>
        <p className="text-sm text-ink">{intl.formatMessage({ id: 'autopay.terms.electronic.text' })}</p>
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.terms.electronic.accept' })}
          checked={electronic.value}
          required
          onChange={electronic.onChange}
          error={electronic.error}
          inputRef={electronic.inputRef}
        />
      </div>
      <div className="space-y-2">
        <h4 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'autopay.terms.service.title' })}</h4>
        <p className="text-sm text-ink">{intl.formatMessage({ id: 'autopay.terms.service.text' })}</p>
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.terms.service.accept' })}
          checked={service.value}
          required
          onChange={service.onChange}
          error={service.error}
          inputRef={service.inputRef}
        />
      </div>
    </div>
  );
}
