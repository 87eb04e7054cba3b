import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The page-level messages of a form (issue 14: they sit above the fields, in every form): the error summary and the
 * spec §8 failure panels. Every form puts this right under its heading (`StepForm` does it for its `alerts`), so a
 * message never lands below the field errors; the source scan in `form-alerts.test.ts` keeps it that way.
 */
export function FormAlerts({ children }: { children?: ReactNode }) {
  return (
    <div data-form-alerts="" className="space-y-3 empty:hidden">
      {children}
    </div>
  );
}

/** "Please correct the highlighted fields": the one error summary of a form whose fields have errors. */
export function FormErrorSummary({ show }: { show: boolean }) {
  const intl = useIntl();
  if (!show) return null;
  return (
    <p role="alert" className="font-semibold text-danger-700">
      {intl.formatMessage({ id: 'payments.errors.correctFields' })}
    </p>
  );
}
