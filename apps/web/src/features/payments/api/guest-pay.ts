import {
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_LINK_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  QuickPayLinkResponseSchema,
  type QuickPayLookupRequest,
  QuickPayLookupResponseSchema,
  type QuickPayPaymentRequest,
  QuickPayPaymentResponseSchema,
  type TokenizeRequest,
  VaultTokenSchema,
} from '@vireo/shared';
import { newIdempotencyKey } from '../../../components/ui/idempotency-key';
import { visitorPost } from '../../../lib/visitor-request';

/**
 * Quick Pay for a guest (issue 17 item 6, wider-portal.md §1; server: modules/quick-pay, the vault's guest door in
 * modules/pci-edge). Each call a visitor's POST (lib/visitor-request.ts); the Quick Pay token of the lookup names the
 * account in the next two, so the page never holds the account's number after the lookup.
 */
export function lookUpBill(body: QuickPayLookupRequest) {
  return visitorPost(QUICK_PAY_LOOKUP_PATH, body, QuickPayLookupResponseSchema);
}

/** A pay link (issue 17 item 7): the bill of the link's account, and what the link still allows. */
export function openPayLink(link: string) {
  return visitorPost(QUICK_PAY_LINK_PATH, { link }, QuickPayLinkResponseSchema);
}

/** spec §7.1 card capture, the guest's door: the only request of Quick Pay that carries card or bank data. */
export function tokenizeForGuest(quickPayToken: string, method: TokenizeRequest) {
  return visitorPost(PCI_QUICK_PAY_TOKENIZE_PATH, { ...method, quickPayToken }, VaultTokenSchema, {
    idempotencyKey: newIdempotencyKey(),
  });
}

/** The payment, exactly once: the same intent keeps its Idempotency-Key (IntentKey) across retries. */
export function payAsGuest(body: QuickPayPaymentRequest, idempotencyKey: string) {
  return visitorPost(QUICK_PAY_PAYMENTS_PATH, body, QuickPayPaymentResponseSchema, { idempotencyKey });
}
