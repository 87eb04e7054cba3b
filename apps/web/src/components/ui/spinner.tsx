import type { ReactNode } from 'react';
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

/**
 * A loading state shaped like the content it stands for (issue 16: skeletons, no spinner), so nothing moves when that
 * content arrives: `children` draw its skeleton (decorative, hidden from assistive technology, pulsing unless the
 * user asks for reduced motion) and a polite status says what loads.
 */
export function LoadingPlaceholder({ label, children }: { label?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        {children}
      </div>
      <span role="status" className="sr-only">
        {label ?? intl.formatMessage({ id: 'ui.spinner.label' })}
      </span>
    </div>
  );
}

/** A line of text still to come: a bar as tall as a line of the parent's text (its width is the caller's). */
export function SkeletonLine({ className = 'w-32' }: { className?: string }) {
  return <span className={`inline-block h-[0.75em] max-w-full rounded-sm bg-line align-middle ${className}`} />;
}
