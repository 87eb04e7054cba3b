import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { FormAlerts } from './form-alerts';
import { STEP_TITLE } from './form-styles';

type StepFormProps = {
  title: string;
  /** "Step N of M"; absent on the result. */
  step?: { current: number; total: number };
  /** Moves focus to the heading when the step appears (not on the page's first render). */
  focusOnMount: boolean;
  onSubmit?: () => void;
  /**
   * The step's page-level messages (`FormErrorSummary`, `ErrorPanel`): shown under the heading, above the fields
   * (issue 14), never among or after them.
   */
  alerts?: ReactNode;
  children: ReactNode;
};

/**
 * One step of a payment flow: a form named by its heading, with the "Step N of M" label. When the step changes,
 * focus moves to the new heading so that keyboard and screen-reader users start at its top.
 */
export function StepForm({ title, step, focusOnMount, onSubmit, alerts, children }: StepFormProps) {
  const intl = useIntl();
  const headingId = useId();
  const stepId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      aria-describedby={step ? stepId : undefined}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit?.();
      }}
      className="space-y-5"
    >
      <div>
        {step ? (
          <p id={stepId} className="text-sm font-semibold text-ink-muted">
            {intl.formatMessage({ id: 'payments.step' }, { current: step.current, total: step.total })}
          </p>
        ) : null}
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={STEP_TITLE}>
          {title}
        </h3>
      </div>
      <FormAlerts>{alerts}</FormAlerts>
      {children}
    </form>
  );
}
