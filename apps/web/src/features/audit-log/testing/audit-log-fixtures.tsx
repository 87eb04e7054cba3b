import { screen } from '@testing-library/react';
import type { AuditEntry, AuditLogPage, AuditUser, Locale } from '@vireo/shared';
import { type FakeApiOptions, stubApi } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AuditLogPage as Page } from '../components/audit-log-page';

export const HANNAH: AuditUser = {
  id: '5b0f3c1e-7a2d-4c1b-9e44-0a1b2c3d4e01',
  firstName: 'Hannah',
  lastName: 'Reyes',
  role: 'PRIMARY',
};
export const SAM: AuditUser = {
  id: '5b0f3c1e-7a2d-4c1b-9e44-0a1b2c3d4e02',
  firstName: 'Sam',
  lastName: 'Ortiz',
  role: 'ADMIN',
};

/** An entry as the server lists it: Hannah (Primary) submitted a $125.00 card payment from Chrome; `overrides` change it. */
export function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '9c1d2e3f-4a5b-4c6d-8e7f-000000000001',
    at: '2026-11-21T15:30:00.000Z',
    actor: { kind: 'user', userId: HANNAH.id, name: 'Hannah Reyes', role: 'PRIMARY' },
    action: 'payment.submitted',
    area: 'payments',
    target: { label: 'Visa ending 4242', amountCents: 12_500 },
    result: 'succeeded',
    ipPrefix: '203.0.113.0',
    browser: 'Chrome 131 on macOS',
    ...overrides,
  };
}

export const PAYMENT = entry();
export const GUEST_LINK = entry({
  id: '9c1d2e3f-4a5b-4c6d-8e7f-000000000002',
  at: '2026-11-20T10:00:00.000Z',
  actor: { kind: 'guest', userId: null, name: null, role: null },
  action: 'quick_pay.opened',
  target: { label: null, amountCents: null },
  ipPrefix: '198.51.100.0',
  browser: 'Safari 18 on iOS',
});
export const DRAFT_FAILED = entry({
  id: '9c1d2e3f-4a5b-4c6d-8e7f-000000000003',
  at: '2026-11-19T06:00:00.000Z',
  actor: { kind: 'system', userId: null, name: null, role: null },
  action: 'payment.failed',
  // a bank account's label as the server keeps it (paymentMethodLabel), said in the reader's language
  target: { label: 'Checking 6789', amountCents: 28_947 },
  result: 'failed',
  ipPrefix: null,
  browser: null,
});
export const LATER_AREA = entry({
  id: '9c1d2e3f-4a5b-4c6d-8e7f-000000000004',
  at: '2026-11-18T06:00:00.000Z',
  actor: { kind: 'user', userId: null, name: 'Lee Park', role: 'ADMIN' },
  action: 'voice.greeting_changed',
  area: 'account',
  target: { label: null, amountCents: null },
});

export const logPage = (
  items: AuditEntry[],
  nextCursor: string | null = null,
  previousCursor: string | null = null,
): AuditLogPage => ({ items, nextCursor, previousCursor, users: [HANNAH, SAM] });

/** The page with the app's providers (no router: the route is the route table's) in `locale`, on a fake API. */
export async function renderAuditLog(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <Page />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Registro de auditoría' : 'Audit Log' });
  return { api, user: rendered.user };
}
