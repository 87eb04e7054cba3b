import { screen } from '@testing-library/react';
import type { Locale, PayLink } from '@vireo/shared';
import { type FakeApiOptions, stubApi } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PayLinksPage } from '../components/pay-links-page';

/** A link as the server lists it: $150.00, 3 uses, made by Hannah Reyes; `overrides` change it. */
export function payLink(overrides: Partial<PayLink> = {}): PayLink {
  return {
    id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a001',
    status: 'active',
    capCents: 15_000,
    paidCents: 5_000,
    usesAllowed: 3,
    usesCount: 1,
    note: 'October invoice',
    createdAt: '2026-11-21T15:30:00.000Z',
    expiresAt: '2026-12-05T15:30:00.000Z',
    revokedAt: null,
    createdBy: { firstName: 'Hannah', lastName: 'Reyes' },
    ...overrides,
  };
}

export const ACTIVE = payLink();
export const USED = payLink({
  id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a002',
  status: 'used',
  capCents: 20_000,
  paidCents: 20_000,
  usesAllowed: 1,
  usesCount: 1,
  note: null,
  createdAt: '2026-11-10T10:00:00.000Z',
  createdBy: null,
});
export const EXPIRED = payLink({
  id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a003',
  status: 'expired',
  capCents: 7_500,
  paidCents: 0,
  usesCount: 0,
  note: 'September',
  createdAt: '2026-10-01T10:00:00.000Z',
  expiresAt: '2026-10-08T10:00:00.000Z',
});
export const REVOKED = payLink({
  id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a004',
  status: 'revoked',
  capCents: 9_900,
  paidCents: 0,
  usesCount: 0,
  note: null,
  createdAt: '2026-09-01T10:00:00.000Z',
  revokedAt: '2026-09-02T10:00:00.000Z',
});

export const page = (items: PayLink[], nextCursor: string | null = null, previousCursor: string | null = null) => ({
  items,
  nextCursor,
  previousCursor,
});

/** The page with the app's providers (no router: the route is the route table's) in `locale`, on a fake API. */
export async function renderPayLinks(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <PayLinksPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Enlaces de pago' : 'Pay Links' });
  return { api, user: rendered.user, queryClient: rendered.queryClient };
}
