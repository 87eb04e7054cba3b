import { MobileTransactionTypeSchema } from '@vireo/shared';
import type { z } from 'zod';
import type { MessageId } from '../../../messages';

export type MobileTransactionType = z.infer<typeof MobileTransactionTypeSchema>;

/** spec §2.4: the mobile transactions' tabs, in their order. */
export const MOBILE_TRANSACTION_TYPES = MobileTransactionTypeSchema.options;

export const TAB_NAMES: Record<MobileTransactionType, MessageId> = {
  all: 'mobile.transactions.tab.all',
  payments: 'mobile.transactions.tab.payments',
  refunds: 'mobile.transactions.tab.refunds',
};

export const EMPTY_TAB: Record<MobileTransactionType, MessageId> = {
  all: 'mobile.transactions.empty.all',
  payments: 'mobile.transactions.empty.payments',
  refunds: 'mobile.transactions.empty.refunds',
};

/** The tab of the address's `type`; anything else is the first tab, All. */
export function transactionTypeOf(value: unknown): MobileTransactionType {
  return MOBILE_TRANSACTION_TYPES.find((type) => type === value) ?? 'all';
}
