import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, detectCardBrand, PAYMENT_POSTING_HOURS, validateSecurityCode } from '@vireo/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { processorTransactions } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import {
  type ChargeResult,
  type DeclineCode,
  type PaymentProcessor,
  ProcessorUnavailableError,
  type TransactionState,
  type VaultForwarding,
} from './processor.types';
import { BANK_RETURNS, CARD_DECLINES, SECURITY_CODE_FAILS, TEST_ONLINE_BANK } from './test-instruments';

export const FAULT_MODES = ['none', 'timeout', 'timeout_after_commit', 'error'] as const;
/**
 * - `timeout`: no answer, nothing recorded (the money did not move);
 * - `timeout_after_commit`: no answer although the transaction was recorded (the money moved: only `lookup` or a
 *   replay with the same payment id tells);
 * - `error`: a 5xx answer, nothing recorded.
 */
export type FaultMode = (typeof FAULT_MODES)[number];
export const PROCESSOR_OPERATIONS = ['charge', 'lookup', 'verifySecurityCode'] as const;
export type ProcessorOperation = (typeof PROCESSOR_OPERATIONS)[number];

export type ProcessorFaults = {
  /** Added to every call. */
  latencyMs: number;
  mode: FaultMode;
  /** The next `count` calls fail, then the mode returns to `none`; null: each call fails with probability `rate`. */
  count: number | null;
  rate: number;
  /** Which calls the fault applies to (latency applies to all). */
  operations: ProcessorOperation[];
};
export type FaultChange = Partial<ProcessorFaults>;

export type FaultControl = {
  get(): ProcessorFaults;
  /** Changes the given knobs; the others keep their value. */
  set(change: FaultChange): ProcessorFaults;
  /** No latency, no fault. */
  reset(): ProcessorFaults;
};

export type OnlineBankAccount = {
  accountType: 'checking' | 'savings';
  routingNumber: string;
  accountNumber: string;
};

export type SimulatedProcessor = PaymentProcessor & {
  faults: FaultControl;
  /** Transactions recorded (money moved), for one payment id or in all: read from the table, true across instances. */
  transactionsCreated(paymentId?: string): Promise<number>;
  /** The simulated online bank ("Vireo Test Bank"): the account it returns, or ONLINE_BANKING_UNAVAILABLE. */
  onlineBankingLogin(credentials: {
    institution: string;
    username: string;
    password: string;
  }): Promise<OnlineBankAccount>;
};

const NO_FAULTS: ProcessorFaults = { latencyMs: 0, mode: 'none', count: null, rate: 1, operations: ['charge'] };
const HOUR_MS = 3_600_000;

type Row = typeof processorTransactions.$inferSelect;

const referenceOf = (row: Row) => `pr_${row.id.replace(/-/g, '')}`;

function toChargeResult(row: Row): ChargeResult {
  const reference = referenceOf(row);
  // a replay answers what the first call answered: a bank debit was accepted as pending, whatever became of it since
  if (row.kind === 'bank_debit') return { status: 'pending', reference, settlesAt: row.settlesAt as Date };
  if (row.status === 'declined') {
    return { status: 'declined', reference, declineCode: (row.declineCode ?? 'generic_decline') as DeclineCode };
  }
  return { status: 'approved', reference };
}

/**
 * The simulated payment processor (architecture.md): card authorizations and bank debits by the test instruments of
 * demo-data.md, idempotent on our payment id (unique in `processor_transactions`, claimed with INSERT … ON CONFLICT
 * DO NOTHING, so concurrent calls on any number of instances record one transaction), bank debits that settle or
 * return after the posting delay of the billing clock, and fault knobs for latency, timeouts and errors.
 */
export function createSimulatedProcessor(deps: {
  db: Db;
  clock: Clock;
  vault: VaultForwarding;
  /** spec §9: a payment posts within 24 hours. */
  postingDelayHours?: number;
  faults?: FaultChange;
  /** For rate faults (tests pass a fixed one). */
  random?: () => number;
}): SimulatedProcessor {
  const { db, clock, vault } = deps;
  const postingDelayMs = (deps.postingDelayHours ?? PAYMENT_POSTING_HOURS) * HOUR_MS;
  const random = deps.random ?? Math.random;
  let faults: ProcessorFaults = { ...NO_FAULTS, ...deps.faults };

  const faultControl: FaultControl = {
    get: () => ({ ...faults, operations: [...faults.operations] }),
    set(change) {
      faults = { ...faults, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
      if (faults.count !== null && faults.count <= 0) faults = { ...faults, mode: 'none', count: null };
      return faultControl.get();
    },
    reset() {
      faults = { ...NO_FAULTS };
      return faultControl.get();
    },
  };

  /** Waits the configured latency, then says which fault (if any) this call suffers. */
  const enter = async (operation: ProcessorOperation): Promise<FaultMode> => {
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const { mode } = faults;
    if (mode === 'none' || !faults.operations.includes(operation)) return 'none';
    if (faults.count !== null) {
      const left = faults.count - 1;
      faults = left > 0 ? { ...faults, count: left } : { ...faults, mode: 'none', count: null };
      return mode;
    }
    return random() < faults.rate ? mode : 'none';
  };
  /** Faults that answer before anything is recorded. */
  const failEarly = (fault: FaultMode) => {
    if (fault === 'error') throw new ProcessorUnavailableError('error');
    if (fault === 'timeout') throw new ProcessorUnavailableError('timeout');
  };

  const find = async (paymentId: string) => {
    const [row] = await db
      .select()
      .from(processorTransactions)
      .where(eq(processorTransactions.idempotencyKey, paymentId));
    return row ?? null;
  };

  /** What the processor does with an instrument: decided from the number the vault forwards. */
  const decide = async (vaultToken: string, now: Date) => {
    const instrument = await vault.reveal(vaultToken);
    if (instrument?.type === 'bank') {
      return {
        kind: 'bank_debit' as const,
        status: 'pending' as const,
        declineCode: null,
        settlesAt: new Date(now.getTime() + postingDelayMs),
      };
    }
    // an unknown token is a card the processor cannot authorize
    const declineCode = instrument ? (CARD_DECLINES[instrument.number] ?? null) : 'generic_decline';
    return {
      kind: 'card_authorization' as const,
      status: declineCode ? ('declined' as const) : ('approved' as const),
      declineCode,
      settlesAt: null,
    };
  };

  return {
    faults: faultControl,

    async charge({ paymentId, vaultToken, amountCents }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new Error('processor: the amount must be a positive number of cents');
      }
      const fault = await enter('charge');
      failEarly(fault);
      let row = await find(paymentId);
      if (!row) {
        const now = clock.now();
        const decision = await decide(vaultToken, now);
        const [inserted] = await db
          .insert(processorTransactions)
          .values({ idempotencyKey: paymentId, vaultToken, amountCents, createdAt: now, ...decision })
          .onConflictDoNothing({ target: processorTransactions.idempotencyKey })
          .returning();
        // a concurrent call with the same id won the claim: answer its result
        row = inserted ?? (await find(paymentId));
        if (!row) throw new Error('processor: transaction vanished');
      }
      if (fault === 'timeout_after_commit') throw new ProcessorUnavailableError('timeout');
      return toChargeResult(row);
    },

    async lookup(paymentId): Promise<TransactionState | null> {
      const fault = await enter('lookup');
      failEarly(fault === 'timeout_after_commit' ? 'timeout' : fault);
      let row = await find(paymentId);
      if (!row) return null;
      if (row.status === 'pending' && row.settlesAt && row.settlesAt.getTime() <= clock.now().getTime()) {
        // the posting delay is over: the bank settles the debit, or returns it
        const instrument = await vault.reveal(row.vaultToken);
        const returned = instrument ? (BANK_RETURNS[instrument.number] ?? null) : null;
        await db
          .update(processorTransactions)
          .set({ status: returned ? 'returned' : 'settled', declineCode: returned })
          .where(and(eq(processorTransactions.id, row.id), eq(processorTransactions.status, 'pending')));
        row = (await find(paymentId)) ?? row;
      }
      return { reference: referenceOf(row), status: row.status, declineCode: row.declineCode as DeclineCode | null };
    },

    async verifySecurityCode(vaultToken, securityCode) {
      const fault = await enter('verifySecurityCode');
      failEarly(fault === 'timeout_after_commit' ? 'timeout' : fault);
      const instrument = await vault.reveal(vaultToken);
      if (instrument?.type !== 'card') return false;
      if (SECURITY_CODE_FAILS.has(instrument.number)) return false;
      return validateSecurityCode(securityCode, detectCardBrand(instrument.number) ?? 'enrolment').ok;
    },

    async transactionsCreated(paymentId) {
      const [row] = await db
        .select({ n: count() })
        .from(processorTransactions)
        .where(paymentId === undefined ? undefined : eq(processorTransactions.idempotencyKey, paymentId));
      return row?.n ?? 0;
    },

    async onlineBankingLogin({ institution, username, password }) {
      if (faults.latencyMs > 0) await sleep(faults.latencyMs);
      const bank = TEST_ONLINE_BANK;
      const known =
        institution.trim().toLowerCase() === bank.institution.toLowerCase() &&
        username === bank.username &&
        password === bank.password;
      // spec §8 "Unable to Connect to Online Banking": the same answer whatever was wrong
      if (!known) throw new AppError('ONLINE_BANKING_UNAVAILABLE', 'The online bank refused the sign-in');
      return { ...bank.account };
    },
  };
}
