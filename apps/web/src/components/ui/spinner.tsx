import { useIntl } from 'react-intl';

type SpinnerProps = {
  /** What is loading, for screen readers; defaults to a generic "Loading…". */
  label?: string;
  className?: string;
};

/** spec §2.4: a spinner shows while loading. A polite status region, so assistive technology announces it. */
export function Spinner({ label, className = '' }: SpinnerProps) {
  const intl = useIntl();
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-brand-700 motion-safe:animate-spin">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="3" />
      </svg>
      <span className="sr-only">{label ?? intl.formatMessage({ id: 'ui.spinner.label' })}</span>
    </div>
  );
}
