import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { PAYMENT_METHODS_PATH, PCI_TOKENIZE_PATH, type TokenizeRequest, type VaultToken } from '@vireo/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { NewMethodForm } from '../../components/ui/payment-method-forms';
import { apiError, jsonResponse, stubApi } from '../../test/fake-api';
import { vaultToken } from '../../test/wallet';
import { type AddedMethod, useAddPaymentMethod } from './add-payment-method';

const TOKEN = vaultToken({ token: 'tok_new_1111', lastFour: '1111' });

/** A filled card form: what the vault is sent does not matter here, only how often the form is read and cleared. */
function fakeForm() {
  const calls = { request: 0, clear: 0 };
  const form: NewMethodForm = {
    fields: null,
    hasErrors: false,
    request: () => {
      calls.request += 1;
      return { type: 'card' } as unknown as TokenizeRequest;
    },
    showServerErrors: () => false,
    clearErrors: () => undefined,
    clear: () => {
      calls.clear += 1;
    },
  };
  return { form, calls };
}

/** The vault answers `token`; the wallet answers each save with the next scripted response. */
function setup(saves: (() => Response)[], token: VaultToken = TOKEN) {
  const api = stubApi({
    routes: {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(token),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => (saves.shift() ?? (() => apiError('INTERNAL', 500)))(),
    },
  });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useAddPaymentMethod(), { wrapper });
  const added: AddedMethod[] = [];
  const add = (form: NewMethodForm) =>
    act(() =>
      result.current.add(form, (method) => {
        added.push(method);
      }),
    );
  const saveKeys = () =>
    api.requestsTo(PAYMENT_METHODS_PATH, 'POST').map((request) => request.headers.get('Idempotency-Key'));
  return { api, result, add, added, saveKeys };
}

describe('useAddPaymentMethod', () => {
  it('keeps the token and its key when the wallet’s answer is unknown: trying again saves it once', async () => {
    const { api, result, add, added, saveKeys } = setup([
      () => apiError('SERVICE_UNAVAILABLE', 503),
      () => jsonResponse({ id: '3f1a0a6e-3c41-4b7e-9a36-5f0f1d0a2b11' }, 201),
    ]);
    const { form, calls } = fakeForm();

    await add(form);
    expect(result.current.failure?.bodyId).toBe('ui.addMethod.unknownOutcome');
    expect(result.current.pending).toBe(true);
    expect(calls.clear).toBe(1);
    expect(added).toEqual([]);

    await add(form);
    expect(api.requestsTo(PCI_TOKENIZE_PATH, 'POST')).toHaveLength(1);
    expect(calls.request).toBe(1);
    const [first, second] = saveKeys();
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(api.requestsTo(PAYMENT_METHODS_PATH, 'POST').map((request) => request.body)).toEqual([
      { token: TOKEN.token },
      { token: TOKEN.token },
    ]);
    expect(added).toEqual([{ token: TOKEN, body: { id: '3f1a0a6e-3c41-4b7e-9a36-5f0f1d0a2b11' } }]);
    expect(result.current).toMatchObject({ pending: false, failure: null, busy: false });
  });

  it('starts a new intent after a definite refusal: the form is read again and a new key is sent', async () => {
    const { api, result, add, saveKeys } = setup([
      () => apiError('WALLET_FULL', 422),
      () => jsonResponse({ id: '3f1a0a6e-3c41-4b7e-9a36-5f0f1d0a2b11' }, 201),
    ]);
    const { form, calls } = fakeForm();

    await add(form);
    expect(result.current.failure?.bodyId).toBe('ui.addMethod.walletFull');
    expect(result.current.pending).toBe(false);
    await add(form);
    expect(calls.request).toBe(2);
    expect(api.requestsTo(PCI_TOKENIZE_PATH, 'POST')).toHaveLength(2);
    expect(new Set(saveKeys()).size).toBe(2);
  });

  it('never saves a prepaid card (spec §5), and sends nothing while an add is under way', async () => {
    const { api, result, add } = setup([], { ...TOKEN, funding: 'prepaid', token: 'tok_prepaid' });
    const { form } = fakeForm();

    await act(async () => {
      const first = result.current.add(form);
      const second = result.current.add(form);
      await Promise.all([first, second]);
    });
    expect(api.requestsTo(PCI_TOKENIZE_PATH, 'POST')).toHaveLength(1);
    expect(api.requestsTo(PAYMENT_METHODS_PATH, 'POST')).toHaveLength(0);
    expect(result.current.failure?.bodyId).toBe('ui.addMethod.prepaid');
    await add(form);
    expect(api.requestsTo(PCI_TOKENIZE_PATH, 'POST')).toHaveLength(2);
  });
});
