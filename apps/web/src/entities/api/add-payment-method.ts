import type { VaultToken } from '@vireo/shared';
import { useRef, useState } from 'react';
import { isOutcomeUnknown } from '../../components/ui/api-errors';
import { IntentKey } from '../../components/ui/idempotency-key';
import {
  type AddMethodFailure,
  addMethodFailure,
  addMethodFailureOf,
  type NewMethodForm,
} from '../../components/ui/payment-method-forms';
import { useSavePaymentMethod } from './save-payment-method';
import { useTokenizePaymentMethod } from './tokenize-payment-method';

/** A method the wallet saved: the vault's token (brand, last four) and the wallet's answer (savedMethodIdOf). */
export type AddedMethod = { token: VaultToken; body: unknown };

/**
 * Adding a new card or bank account to the wallet (spec §2.4, spec §5), for every screen that does it (the wallet,
 * Auto Pay): the card data goes to the card vault, the wallet receives the token. Prepaid and gift cards are never
 * saved. Saving is exactly once (ADR 009): one Idempotency-Key per token; when the answer is unknown the token and its
 * key are kept, so the next `add` sends the same token with the same key and the wallet answers the first outcome.
 */
export function useAddPaymentMethod() {
  const tokenize = useTokenizePaymentMethod();
  const save = useSavePaymentMethod();
  const saveKey = useRef(new IntentKey());
  // The token whose saving ended with an unknown outcome (the fields are cleared: the vault holds the card).
  const [pending, setPending] = useState<VaultToken | null>(null);
  const [failure, setFailure] = useState<AddMethodFailure | null>(null);
  // From the first request to the end of the screen's own follow-up (`then`): a second press sends nothing.
  const [busy, setBusy] = useState(false);
  const working = useRef(false);

  const saveToken = async (token: VaultToken): Promise<AddedMethod | null> => {
    try {
      const body = await save.mutateAsync({ token: token.token, idempotencyKey: saveKey.current.for(token.token) });
      saveKey.current.reset();
      setPending(null);
      return { token, body };
    } catch (error) {
      if (isOutcomeUnknown(error)) {
        setPending(token);
        setFailure(addMethodFailure('OUTCOME_UNKNOWN'));
        return null;
      }
      saveKey.current.reset();
      setPending(null);
      setFailure(addMethodFailureOf(error));
      return null;
    }
  };

  const send = async (form: NewMethodForm): Promise<AddedMethod | null> => {
    if (pending) return saveToken(pending);
    const request = form.request();
    if (!request) return null;
    let token: VaultToken;
    try {
      token = await tokenize.mutateAsync(request);
    } catch (error) {
      if (!form.showServerErrors(error)) setFailure(addMethodFailureOf(error));
      return null;
    }
    form.clear();
    // spec §5: prepaid and gift cards pay once; they are never saved or used for Auto Pay.
    if (token.funding === 'prepaid') {
      setFailure(addMethodFailure('PREPAID_NOT_SAVED'));
      return null;
    }
    return saveToken(token);
  };

  /**
   * Sends the form's method (or the pending token again), then runs `then` with what the wallet saved, still busy.
   * Nothing happens while an earlier add is under way; when nothing was saved, `failure` says why.
   */
  const add = async (form: NewMethodForm, then?: (added: AddedMethod) => Promise<void> | void): Promise<void> => {
    if (working.current) return;
    working.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const added = await send(form);
      if (added) await then?.(added);
    } catch {
      setFailure(addMethodFailure(null));
    } finally {
      working.current = false;
      setBusy(false);
    }
  };

  return {
    add,
    busy,
    /** A token is waiting to be saved again (its fields are gone). */
    pending: pending !== null,
    failure,
    /** Shows a failure found by the screen (e.g. the saved method not found in the wallet read again). */
    fail: setFailure,
    clearFailure: () => setFailure(null),
  };
}
