import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the query keys of the resources that more than one feature reads or changes (architecture.md, Web:
 * entities). Each feature's key factory starts from its root here, so a change that touches another feature's data
 * names that data by reference, never by matching a key's first string.
 */
export const queryRoots = {
  billing: ['billing'],
  payments: ['payments'],
  autopay: ['autopay'],
  wallet: ['wallet'],
  mobile: ['mobile'],
  /** The signed-in user's session profile (features/session): its role changes with a Primary transfer. */
  session: ['session'],
  /** The account's services (features/services; the account summary's cards). */
  services: ['services'],
  /** The account's users (features/users manages them; features/voice assigns lines to them). */
  users: ['users'],
  /** The portal's configuration (the shell and features/meta; the help area's contact page reads its numbers). */
  meta: ['meta'],
  /** The community portfolio, its properties' units and residents (features/community; issue 22). */
  community: ['community'],
} as const;

/** The portal's configuration (`GET meta/v1/config`), fixed for the life of the page. */
export const metaKeys = {
  all: queryRoots.meta,
  config: () => [...queryRoots.meta, 'config'] as const,
};

/** The account's users (`GET users`): the users page, and the voice lines' "Answered by". */
export const usersKeys = {
  all: queryRoots.users,
  list: (filter: object) => [...queryRoots.users, 'list', filter] as const,
};

/** The wallet's saved methods (`GET payment-methods`): the wallet page, Auto Pay and the payment steps read them. */
export const walletKeys = {
  all: queryRoots.wallet,
  methods: () => [...queryRoots.wallet, 'methods'] as const,
};

/** The Auto Pay status (`GET autopay`): the Auto Pay panel, the billing home's banner and the payment's offers. */
export const autopayKeys = {
  all: queryRoots.autopay,
  status: () => [...queryRoots.autopay, 'status'] as const,
};

/** What each kind of change makes stale, beyond the changing feature's own data. */
const STALE_AFTER = {
  /** A payment or an Auto Pay change: the balance and history, the payment options, the Auto Pay status, the wallet. */
  payment: [queryRoots.billing, queryRoots.payments, queryRoots.autopay, queryRoots.wallet],
  /** A mobile payment: the mobile balance, devices, transactions and orders, the payment options, the balance. */
  mobilePayment: [queryRoots.mobile, queryRoots.payments, queryRoots.billing],
  /** A method saved, edited or deleted: the wallet, and the Auto Pay and payment screens that list the same methods. */
  walletChange: [queryRoots.wallet, queryRoots.autopay, queryRoots.payments],
  /** The signed-in PRIMARY gave the Primary role away (features/users): their profile now says ADMIN. */
  ownRoleChange: [queryRoots.session],
  /** A change of service (features/services): the services, and the bill that now charges it. */
  serviceChange: [queryRoots.services, queryRoots.billing],
  /** An outage credit requested (features/outages): the charges that the next bill will show. */
  outageCredit: [queryRoots.billing],
} as const;

export function refreshAfter(queryClient: QueryClient, change: keyof typeof STALE_AFTER): void {
  for (const queryKey of STALE_AFTER[change]) void queryClient.invalidateQueries({ queryKey });
}
