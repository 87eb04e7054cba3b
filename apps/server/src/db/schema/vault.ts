import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { bankAccountTypeEnum, cardBrandEnum, cardFundingEnum, paymentMethodTypeEnum } from './enums';

/**
 * The card vault of the `pci-edge` module (architecture.md, card data): the only place a card number or full bank
 * account number exists, and only encrypted (AES-256-GCM, key from configuration). A security code is never stored.
 * In a real deployment this table lives in the separate PCI-scoped service's own database.
 */
export const vaultEntries = pgTable(
  'vault_entries',
  {
    token: text().primaryKey(),
    accountId: accountIdColumn(),
    type: paymentMethodTypeEnum().notNull(),
    /** `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url: the card number, or the bank account number. */
    secret: text().notNull(),
    /** HMAC of the number under the vault key: finds the same card again without decrypting. */
    fingerprint: text().notNull(),
    lastFour: text().notNull(),
    cardBrand: cardBrandEnum(),
    cardFunding: cardFundingEnum(),
    expMonth: smallint(),
    expYear: smallint(),
    zip: text(),
    holderName: text().notNull(),
    bankAccountType: bankAccountTypeEnum(),
    routingNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('vault_entries_account').on(t.accountId),
    check('vault_entries_last_four', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * The simulated payment processor's own ledger (it stands for an external system, so it keeps its own state):
 * one transaction per payment id of ours, which is its idempotency key.
 */
export const processorTransactions = pgTable(
  'processor_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Our payment id: a second call with it answers the first result and moves no money. */
    idempotencyKey: text().notNull(),
    kind: text().notNull().$type<'card_authorization' | 'bank_debit'>(),
    vaultToken: text().notNull(),
    amountCents: integer().notNull(),
    status: text().notNull().$type<'approved' | 'declined' | 'pending' | 'settled' | 'returned'>(),
    declineCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Bank debits settle or return at this time (the posting delay). */
    settlesAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('processor_transactions_key').on(t.idempotencyKey),
    check('processor_transactions_amount', sql`${t.amountCents} > 0`),
  ],
);
