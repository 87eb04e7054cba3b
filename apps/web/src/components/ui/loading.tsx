import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Loading states (issue 16: skeletons shaped like the content, never a spinner). Each takes the space of what it stands
 * for, so nothing moves when the content arrives (CLS 0), pulses unless the user asks for reduced motion, and says
 * what loads through a polite status that screen readers announce.
 */
export function LoadingPlaceholder({ label, children }: { label?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        {children}
      </div>
      <span role="status" className="sr-only">
        {label ?? intl.formatMessage({ id: 'ui.loading.label' })}
      </span>
    </div>
  );
}

/** A line of text still to come: a bar as tall as a line of the parent's text (its width is the caller's). */
export function SkeletonLine({ className = 'w-32' }: { className?: string }) {
  return <span className={`inline-block h-[0.75em] max-w-full rounded-sm bg-line align-middle ${className}`} />;
}

/** Rows of a list or table still to come (history lists, statements): a date and a label left, an amount right. */
export function ListSkeleton({ rows = 6, label }: { rows?: number; label?: string }) {
  return (
    <LoadingPlaceholder label={label}>
      <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
          <li key={row} className="flex min-h-14 items-center justify-between gap-4 px-4">
            <span className="flex flex-col gap-2">
              <SkeletonLine className="w-24" />
              <SkeletonLine className={row % 2 ? 'w-44' : 'w-36'} />
            </span>
            <SkeletonLine className="w-16" />
          </li>
        ))}
      </ul>
    </LoadingPlaceholder>
  );
}

/** A card or panel still to come: its title, a few lines and a button's place. */
export function PanelSkeleton({
  lines = 3,
  label,
  className = '',
}: {
  lines?: number;
  label?: string;
  className?: string;
}) {
  return (
    <LoadingPlaceholder label={label}>
      <div className={`rounded-xl border border-line bg-surface p-6 ${className}`}>
        <p className="text-xl">
          <SkeletonLine className="w-40" />
        </p>
        {Array.from({ length: lines }, (_, line) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing but their position.
          <p key={line} className="mt-3">
            <SkeletonLine className={line % 2 ? 'w-56' : 'w-72'} />
          </p>
        ))}
        <span className="mt-5 inline-block h-11 w-32 rounded-md bg-line" />
      </div>
    </LoadingPlaceholder>
  );
}

/** A page still to come (the router's pending state): its heading, then two cards. */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <LoadingPlaceholder label={label}>
        <p className="text-3xl">
          <SkeletonLine className="w-64" />
        </p>
        <div className="mt-8 space-y-6">
          <div className="h-48 rounded-xl border border-line bg-surface" />
          <div className="h-32 rounded-xl border border-line bg-surface" />
        </div>
      </LoadingPlaceholder>
    </div>
  );
}
