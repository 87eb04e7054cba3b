/**
 * The payment processor (simulated; architecture.md): authorizes cards and debits bank accounts. Our payment id is
 * its idempotency key: a second call with the same id moves no money and answers the first result.
 */
export type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'incorrect_cvc' | 'expired_card';

export type ChargeResult =
  /** A card authorization that was approved: the payment is Successful. */
  | { status: 'approved'; reference: string }
  /** A bank debit accepted for settlement: the payment is Pending until `settlesAt`. */
  | { status: 'pending'; reference: string; settlesAt: Date }
  | { status: 'declined'; reference: string; declineCode: DeclineCode };

export type TransactionState = {
  reference: string;
  status: 'approved' | 'declined' | 'pending' | 'settled' | 'returned';
  declineCode: DeclineCode | null;
};

/** The processor did not answer (timeout) or answered 5xx: the outcome of a charge is unknown. */
export class ProcessorUnavailableError extends Error {
  constructor(readonly kind: 'timeout' | 'error') {
    super(`payment processor ${kind}`);
    this.name = 'ProcessorUnavailableError';
  }
}

export type PaymentProcessor = {
  charge(input: { paymentId: string; vaultToken: string; amountCents: number }): Promise<ChargeResult>;
  /** What became of a payment id: null when the processor never saw it. Bank debits settle or return here. */
  lookup(paymentId: string): Promise<TransactionState | null>;
  /** A saved card's security-code check (spec §2.4). */
  verifySecurityCode(vaultToken: string, securityCode: string): Promise<boolean>;
};

/**
 * What the processor needs of the card vault: the number behind a token (a real vault forwards it to the processor;
 * only the simulated processor asks for it). Declared here, by the processor, so it depends on no vault module.
 */
export type VaultForwarding = {
  reveal(token: string): Promise<{ number: string; type: 'card' | 'bank'; routingNumber: string | null } | null>;
};
