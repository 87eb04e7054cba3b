import type { AccountInfo } from '@vireo/shared';

export const HARBOR_ACCOUNT: AccountInfo = {
  companyName: 'Harbor Coffee Co.',
  accountId: '8260123456789012',
  isDelinquent: false,
  pastDueAmountCents: 0,
  pendingPaymentAmountCents: 0,
  serviceAddress: { addressLine1: '12 Wharf St', city: 'Boston', state: 'MA', zip: '02110' },
  billToAddress: { addressLine1: '12 Wharf St', city: 'Boston', state: 'MA', zip: '02110' },
  softDisconnectDate: null,
};
