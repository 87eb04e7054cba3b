import type { VaultToken, Wallet, WalletMethod } from '@vireo/shared';

/** Test data of the wallet: Harbor Coffee Co.'s saved methods (demo-data.md), for the wallet page and Auto Pay. */
export const VISA_ID = '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01';
export const CHECKING_ID = '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e02';
export const EXPIRED_ID = '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e03';
export const SOON_ID = '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e04';

export function walletVisa(overrides: Partial<WalletMethod> = {}): WalletMethod {
  return {
    id: VISA_ID,
    type: 'card',
    label: 'Visa 4242',
    lastFour: '4242',
    brand: 'visa',
    funding: 'credit',
    expMonth: 8,
    expYear: 2029,
    bankAccountType: null,
    isDefault: true,
    expired: false,
    expiringSoon: false,
    allowed: true,
    nameOnCard: 'Hannah Reyes',
    zip: '02110',
    autoPayScopes: [],
    upcomingPayments: [],
    ...overrides,
  };
}

export function walletChecking(overrides: Partial<WalletMethod> = {}): WalletMethod {
  return walletVisa({
    id: CHECKING_ID,
    type: 'bank',
    label: 'Checking 6789',
    lastFour: '6789',
    brand: null,
    funding: null,
    expMonth: null,
    expYear: null,
    bankAccountType: 'checking',
    isDefault: false,
    nameOnCard: null,
    zip: null,
    ...overrides,
  });
}

export function walletExpired(overrides: Partial<WalletMethod> = {}): WalletMethod {
  return walletVisa({
    id: EXPIRED_ID,
    label: 'Mastercard 4444',
    lastFour: '4444',
    brand: 'mc',
    expMonth: 3,
    expYear: 2025,
    isDefault: false,
    expired: true,
    ...overrides,
  });
}

export function walletSoon(overrides: Partial<WalletMethod> = {}): WalletMethod {
  return walletVisa({
    id: SOON_ID,
    label: 'Discover 1117',
    lastFour: '1117',
    brand: 'discover',
    expMonth: 12,
    expYear: 2026,
    isDefault: false,
    expiringSoon: true,
    ...overrides,
  });
}

export function harborWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { methods: [walletVisa(), walletChecking()], maxMethods: 10, restriction: 'none', ...overrides };
}

/** What the card vault answers for a new card (spec §7.1: a token and the display data that may leave it). */
export function vaultToken(overrides: Partial<VaultToken> = {}): VaultToken {
  return {
    token: 'tok_test_4242',
    type: 'card',
    lastFour: '4242',
    brand: 'visa',
    funding: 'credit',
    expMonth: 8,
    expYear: 2029,
    zip: '02110',
    nameOnCard: 'Hannah Reyes',
    bankAccountType: null,
    routingNumber: null,
    ...overrides,
  };
}
