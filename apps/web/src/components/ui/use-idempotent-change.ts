import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isOutcomeUnknown } from './api-errors';
import { IntentKey } from './idempotency-key';

type Sent<V> = Omit<V, 'idempotencyKey'>;

/**
 * A change the server makes exactly once (architecture.md, money-moving and state-changing requests), as the wallet,
 * Auto Pay, scheduled payments and streaming send it: one Idempotency-Key per intent (the same request keeps its key,
 * so a retry or a double click is the same change); after an answer the next request is a new intent, except when
 * nobody knows whether it was made (a timeout, a lost answer): then the key is kept, and trying again returns the
 * first outcome instead of making the change twice. With the confirmation dialog that most of them ask first, and
 * the failure shown in place until the next try.
 */
export function useIdempotentChange<V extends { idempotencyKey: string }, R, F>(
  mutation: UseMutationResult<R, unknown, V>,
  /** The failure to show for an error, or null when this handled the error itself (field errors, a roadblock). */
  failed: (error: unknown) => F | null,
) {
  const key = useRef(new IntentKey());
  const [state, setState] = useState<{ confirming: boolean; failure: F | null }>({
    confirming: false,
    failure: null,
  });
  return {
    ...state,
    pending: mutation.isPending,
    /** Opens the confirmation; an earlier failure goes. */
    ask: () => setState({ confirming: true, failure: null }),
    /** Closes the confirmation. */
    dismiss: () => setState((current) => ({ ...current, confirming: false })),
    clearFailure: () => setState((current) => ({ ...current, failure: null })),
    /** Sends `request` under its intent's key (ignored while one is on its way); the confirmation closes on any answer. */
    send: (request: Sent<V>, done?: (result: R) => void) => {
      if (mutation.isPending) return;
      setState((current) => ({ ...current, failure: null }));
      mutation.mutate({ ...request, idempotencyKey: key.current.for(request) } as V, {
        onSuccess: (result) => {
          key.current.reset();
          setState({ confirming: false, failure: null });
          done?.(result);
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) key.current.reset();
          const failure = failed(error);
          setState({ confirming: false, failure });
        },
      });
    },
  };
}
