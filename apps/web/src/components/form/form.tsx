import type { FormEvent, ReactNode } from 'react';
import { FormAlerts, FormErrorSummary } from '../ui/form-alerts';

type FormProps = {
  /** The kit's state (use-form.ts): the error summary shows while a field has an error. */
  form?: { hasErrors: boolean };
  onSubmit?: () => void;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /** The form's heading (and step label), above the alerts. */
  heading?: ReactNode;
  /** The form's page-level failure panels (spec §8), shown with the error summary above the fields (issue 14). */
  alerts?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * The form of the kit (ADR 020): a `<form noValidate>` (the shared rules check, not the browser) with its heading, then
 * its alert slot (the error summary and failure panels), then its fields.
 */
export function Form({ form, onSubmit, labelledBy, heading, alerts, className, children }: FormProps) {
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit?.();
      }}
      className={className}
    >
      {heading}
      <FormAlerts>
        <FormErrorSummary show={form?.hasErrors ?? false} />
        {alerts}
      </FormAlerts>
      {children}
    </form>
  );
}
