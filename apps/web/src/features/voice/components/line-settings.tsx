import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { AppError } from '@vireo/shared';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { fieldErrorsByPath } from '../utils/voice-fields';

/** A refused save's field errors by path (`noAnswer.to`, `holidays.2`), each a message id. */
export type Errors = Record<string, MessageId>;

/** A line's settings as read (forwarding, Call Guard): the failure or the wait said in place, else the form. */
export function SettingsLoader<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const intl = useIntl();
  if (query.isError) {
    return (
      <ErrorNotice
        headingLevel={2}
        titleId="voice.errors.load.title"
        bodyId="voice.errors.load.body"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <ListSkeleton rows={4} label={intl.formatMessage({ id: 'voice.settings.loading' })} />;
  return children(query.data);
}

/**
 * A line's settings form, saved whole (forwarding, Call Guard; wider-portal.md §6): the settings as shown
 * (`display`: numbers written as people write them), the server's field errors by path with the first field in
 * error focused, and the outcome: saved, failed, or not confirmed (a step-up the person cancelled).
 */
export function useLineSettingsForm<T>(options: {
  lineId: string;
  saved: T;
  display: (settings: T) => T;
  save: UseMutationResult<T, unknown, { lineId: string; settings: T }>;
}) {
  const { lineId, display, save } = options;
  const [settings, setSettings] = useState(() => display(options.saved));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<'saved' | 'failed' | 'notConfirmed' | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setOutcome(null);
    save.mutate(
      { lineId, settings },
      {
        onSuccess: (next) => {
          setSettings(display(next));
          setOutcome('saved');
        },
        onError: (failure) => {
          const fields = AppError.is(failure) ? (failure.fields ?? []) : [];
          if (fields.length > 0) setErrors(fieldErrorsByPath(fields));
          else if (AppError.is(failure) && failure.code === 'STEP_UP_REQUIRED') setOutcome('notConfirmed');
          else setOutcome('failed');
        },
      },
    );
  };

  return {
    settings,
    errors,
    outcome,
    form,
    onSubmit,
    pending: save.isPending,
    change: (next: Partial<T>) => {
      setSettings((current) => ({ ...current, ...next }));
      setOutcome(null);
    },
  };
}

/** The errors of a list's entries, by index: `holidays.2` → 2. */
export function itemErrors(errors: Errors, list: string): Record<number, MessageId> {
  const found: Record<number, MessageId> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = path.startsWith(`${list}.`) ? /^(\d+)/.exec(path.slice(list.length + 1)) : null;
    if (match) found[Number(match[1])] ??= message;
  }
  return found;
}
