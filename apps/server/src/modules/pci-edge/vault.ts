import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { AppError, type CardBrand, type VaultToken } from '@vireo/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { accounts, vaultEntries } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { type PaymentProcessor, ProcessorUnavailableError } from '../processor/processor.types';
import { PREPAID_CARDS } from '../processor/test-instruments';
import { validateTokenizeRequest } from './tokenize-rules';
import type { CardVault } from './vault.types';
import type { VaultKeyring } from './vault-keys';

/** What the vault stores for one instrument; `number` is the card number or the bank account number. */
export type VaultEntryInput =
  | {
      type: 'card';
      number: string;
      brand: CardBrand;
      funding: 'credit' | 'debit' | 'prepaid';
      expMonth: number;
      expYear: number;
      zip: string;
      holderName: string;
    }
  | {
      type: 'bank';
      number: string;
      routingNumber: string;
      accountType: 'checking' | 'savings';
      holderName: string;
    };

export type Vault = CardVault & {
  /**
   * Stores an instrument without validation or security-code check (the demo seed; `tokenize` after its checks).
   * A given token makes the output deterministic: same key, token and number, same secret.
   */
  store(
    ex: Executor,
    accountId: string,
    input: VaultEntryInput & { token?: string; createdAt?: Date },
  ): Promise<VaultToken>;
  /** Removes a token of this account (a deleted payment method); false when there was none. */
  forget(accountId: string, token: string, ex?: Executor): Promise<boolean>;
  /** The HMAC that finds the same number again without decrypting (same key: same fingerprint). */
  fingerprint(number: string): string;
};

const SECRET_VERSION = 'v1';
/** When the account's zone is unknown; billing dates are otherwise in the account's time zone. */
const FALLBACK_TIME_ZONE = 'America/New_York';

/** `tok_` and 24 random base64url characters (144 bits). */
export function newVaultToken(): string {
  return `tok_${randomBytes(18).toString('base64url')}`;
}

/**
 * AES-256-GCM with a synthetic IV: the first 12 bytes of HMAC-SHA256(key, token NUL number). Output is deterministic
 * for a key, token and number (the demo seed stays reproducible); tokens are unique, so one IV never encrypts two
 * different plaintexts. The token and key id are authenticated data: a secret copied to another row does not open.
 */
export function encryptSecret(keyring: VaultKeyring, token: string, number: string): string {
  const { id, key } = keyring.current;
  const iv = createHmac('sha256', key).update(`${token}\0${number}`).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${SECRET_VERSION}.${id}.${token}`));
  const ciphertext = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
  return [SECRET_VERSION, id, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The number inside a secret; throws when it was not made with one of these keys for this token. */
export function decryptSecret(keyring: VaultKeyring, token: string, secret: string): string {
  const [version, id, iv, ciphertext, tag, ...rest] = secret.split('.');
  if (version !== SECRET_VERSION || !id || !iv || ciphertext === undefined || !tag || rest.length > 0) {
    throw new Error('vault secret: unknown format');
  }
  const entry = keyring.byId.get(id);
  if (!entry) throw new Error(`vault secret: unknown key ${id}`);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${SECRET_VERSION}.${id}.${token}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

function toVaultToken(row: typeof vaultEntries.$inferSelect): VaultToken {
  return {
    token: row.token,
    type: row.type,
    lastFour: row.lastFour,
    brand: row.cardBrand,
    funding: row.cardFunding,
    expMonth: row.expMonth,
    expYear: row.expYear,
    zip: row.zip,
    nameOnCard: row.type === 'card' ? row.holderName : null,
    bankAccountType: row.bankAccountType,
    routingNumber: row.routingNumber,
  };
}

/**
 * The card vault (architecture.md, card data). `verifier` is the processor that checks a new card's security code;
 * it is a getter because the simulated processor itself needs the vault to read numbers.
 */
export function createVault(deps: {
  db: Db;
  clock: Clock;
  key: VaultKeyring;
  verifier?: () => Pick<PaymentProcessor, 'verifySecurityCode'>;
}): Vault {
  const { db, clock, key } = deps;

  const fingerprint = (number: string) => createHmac('sha256', key.current.key).update(`fp:${number}`).digest('hex');

  const store: Vault['store'] = async (ex, accountId, input) => {
    const token = input.token ?? newVaultToken();
    const common = {
      token,
      accountId,
      type: input.type,
      secret: encryptSecret(key, token, input.number),
      // a bank account number is only the same account at the same bank
      fingerprint: fingerprint(input.type === 'bank' ? `${input.routingNumber}/${input.number}` : input.number),
      lastFour: input.number.slice(-4),
      holderName: input.holderName,
      createdAt: input.createdAt ?? clock.now(),
    };
    const values =
      input.type === 'card'
        ? {
            ...common,
            cardBrand: input.brand,
            cardFunding: input.funding,
            expMonth: input.expMonth,
            expYear: input.expYear,
            zip: input.zip,
          }
        : { ...common, bankAccountType: input.accountType, routingNumber: input.routingNumber };
    const [row] = await ex.insert(vaultEntries).values(values).returning();
    if (!row) throw new Error('vault entry not stored');
    return toVaultToken(row);
  };

  const forget: Vault['forget'] = async (accountId, token, ex = db) => {
    const removed = await ex
      .delete(vaultEntries)
      .where(and(eq(vaultEntries.token, token), eq(vaultEntries.accountId, accountId)))
      .returning({ token: vaultEntries.token });
    return removed.length > 0;
  };

  const accountToday = async (accountId: string) => {
    const [account] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
    return clock.today(account?.timeZone ?? FALLBACK_TIME_ZONE);
  };

  return {
    store,
    forget,
    fingerprint,

    async tokenize(accountId, request) {
      const result = validateTokenizeRequest(request, await accountToday(accountId));
      if (!result.ok) {
        throw new AppError('VALIDATION_FAILED', 'The payment instrument is not valid', { fields: result.fields });
      }
      const instrument = result.value;
      if (instrument.type === 'bank') return store(db, accountId, instrument);

      const { securityCode, ...card } = instrument;
      const funding = PREPAID_CARDS.has(card.number) ? 'prepaid' : 'credit';
      // the processor checks the security code against the stored number; the code itself is never stored
      const stored = await store(db, accountId, { ...card, funding });
      let verified: boolean;
      try {
        if (!deps.verifier) throw new ProcessorUnavailableError('error');
        verified = await deps.verifier().verifySecurityCode(stored.token, securityCode);
      } catch (error) {
        await forget(accountId, stored.token);
        if (error instanceof ProcessorUnavailableError) {
          throw new AppError('CARD_NOT_VERIFIED', `security-code check: processor ${error.kind}`, { cause: error });
        }
        throw error;
      }
      if (!verified) {
        await forget(accountId, stored.token);
        throw new AppError('SECURITY_CODE_MISMATCH', 'The security code check failed');
      }
      return stored;
    },

    async describe(accountId, token, ex = db) {
      const [row] = await ex
        .select()
        .from(vaultEntries)
        .where(and(eq(vaultEntries.token, token), eq(vaultEntries.accountId, accountId)));
      return row ? toVaultToken(row) : null;
    },

    async updateCard(accountId, token, card, ex = db) {
      const [row] = await ex
        .update(vaultEntries)
        .set({ expMonth: card.expMonth, expYear: card.expYear, zip: card.zip, holderName: card.holderName })
        .where(and(eq(vaultEntries.token, token), eq(vaultEntries.accountId, accountId), eq(vaultEntries.type, 'card')))
        .returning();
      return row ? toVaultToken(row) : null;
    },

    async findSameInstrument(accountId, token, among, ex = db) {
      const candidates = among.filter((other) => other !== token);
      if (candidates.length === 0) return null;
      const [entry] = await ex
        .select({ type: vaultEntries.type, fingerprint: vaultEntries.fingerprint })
        .from(vaultEntries)
        .where(and(eq(vaultEntries.token, token), eq(vaultEntries.accountId, accountId)));
      if (!entry) return null;
      const [same] = await ex
        .select({ token: vaultEntries.token })
        .from(vaultEntries)
        .where(
          and(
            eq(vaultEntries.accountId, accountId),
            eq(vaultEntries.type, entry.type),
            eq(vaultEntries.fingerprint, entry.fingerprint),
            inArray(vaultEntries.token, candidates),
          ),
        )
        .limit(1);
      return same?.token ?? null;
    },

    async reveal(token) {
      const [row] = await db
        .select({ type: vaultEntries.type, secret: vaultEntries.secret, routingNumber: vaultEntries.routingNumber })
        .from(vaultEntries)
        .where(eq(vaultEntries.token, token));
      if (!row) return null;
      return { number: decryptSecret(key, token, row.secret), type: row.type, routingNumber: row.routingNumber };
    },
  };
}
