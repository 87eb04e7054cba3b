import { screen, within } from '@testing-library/react';
import {
  ACCOUNT_SERVICES_PATH,
  ACCOUNTS_PATH,
  BILLING_SUMMARY_PATH,
  type PortalRole,
  VOICE_LINES_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../components/ui/testing/axe';
import { harborLines } from '../../features/voice/testing/voice-fixtures';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import { HARBOR_ACCOUNT } from '../../test/accounts';
import { harborSummary } from '../../test/billing';
import { testProfile } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const WITH_VOICE = {
  services: [
    { key: 'INTERNET', status: 'Active' },
    { key: 'VOICE', status: 'Active' },
  ],
};
const WITHOUT_VOICE = { services: [{ key: 'INTERNET', status: 'Active' }] };

function renderSummary(
  role: PortalRole,
  services: object | (() => Response) = WITH_VOICE,
  routes: Record<string, object | (() => Response)> = {},
) {
  return renderApp({
    path: '/account-summary',
    profile: testProfile(role),
    routes: {
      [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
      [`GET ${ACCOUNT_SERVICES_PATH}`]: services,
      [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
      ...routes,
    },
  });
}

async function areaCards(regionName = 'Your services and tools'): Promise<string[]> {
  const areas = await screen.findByRole('region', { name: regionName });
  return within(areas)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

describe('the account summary, the hub of the account (issue 16 item 5)', () => {
  it('shows an owner the bill, the account, where to get help, and a card with a way in for each area', async () => {
    await renderSummary('PRIMARY');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeVisible();
    // the bill: the billing home's status card, with Auto Pay and a way to pay
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$289.47');
    expect(screen.getByTestId('auto-pay-status')).toBeVisible();
    const details = screen.getByRole('region', { name: 'Your account' });
    expect(await within(details).findByText('Harbor Coffee Co.')).toBeVisible();
    expect(within(details).getByText('8260123456789012')).toBeVisible();
    expect(within(details).getByText('12 Wharf St', { exact: false })).toBeVisible();
    const help = screen.getByRole('region', { name: 'Need help?' });
    expect(within(help).getByRole('link', { name: '(800) 555-0123' })).toHaveAttribute('href', 'tel:+18005550123');
    expect(within(help).getByRole('link', { name: 'Visit Support' })).toHaveAttribute('href', '/support');

    await screen.findByRole('link', { name: 'Manage voice' });
    expect(await areaCards()).toEqual([
      'Services and equipment',
      'Technician visits',
      'Outages and alerts',
      'Support',
      'Users',
      'Audit log',
      'Voice',
    ]);
    const links = [
      ['View your services', '/services'],
      ['See your visits', '/service-appointments'],
      ['Check for outages', '/outage-map'],
      ['Get help', '/support'],
      ['Manage users', '/manage-users/list'],
      ['See the audit log', '/profile-and-settings/audit-log'],
      ['Manage voice', '/voice/messages'],
    ];
    for (const [name, href] of links) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    // the icons are decorative: each card's heading names it
    const areas = screen.getByRole('region', { name: 'Your services and tools' });
    for (const icon of areas.querySelectorAll('svg')) expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText(/isn’t available yet/)).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows a staff member no bill and no users card, and no voice card to an account without voice', async () => {
    const { fetchMock } = await renderSummary('STANDARD', WITHOUT_VOICE);
    await screen.findByText('Harbor Coffee Co.');
    await screen.findByRole('region', { name: 'Your services and tools' });
    await expect.poll(() => fetchMock.requestsTo(ACCOUNT_SERVICES_PATH).length).toBe(1);
    expect(await areaCards()).toEqual(['Services and equipment', 'Technician visits', 'Outages and alerts', 'Support']);
    expect(screen.queryByTestId('amount-due')).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(0);
  });

  it('gives a voice manager each line’s new voicemail (spec §7.1), and the error marker’s words on a failed count', async () => {
    await renderSummary('ADMIN', WITH_VOICE, {
      [`GET ${VOICE_LINES_PATH}`]: harborLines([{}, { unreadCount: null }]),
    });
    const card = await screen.findByRole('article', { name: 'Voice' });
    await within(card).findByText(/3 new voicemails/);
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Front counter (207) 555-0101: 3 new voicemails',
      'Office (207) 555-0102: New messages can’t be counted right now',
    ]);
    expect(within(card).getByRole('link', { name: 'Manage voice' })).toHaveAttribute('href', '/voice/messages');
    await expectNoAxeViolations();
  });

  it('keeps the voice card when the account’s services cannot be loaded (the voice pages decide)', async () => {
    await renderSummary('BILLING', () => new Response(null, { status: 503 }));
    await screen.findByRole('link', { name: 'Manage voice' });
    expect(await areaCards()).toEqual([
      'Services and equipment',
      'Technician visits',
      'Outages and alerts',
      'Support',
      'Voice',
    ]);
  });

  it('says it all in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderSummary('PRIMARY');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen de la cuenta' })).toBeVisible();
    await screen.findByRole('link', { name: 'Administrar la voz' });
    expect(await areaCards('Sus servicios y herramientas')).toEqual([
      'Servicios y equipos',
      'Visitas técnicas',
      'Interrupciones y alertas',
      'Soporte',
      'Usuarios',
      'Registro de auditoría',
      'Voz',
    ]);
    expect(screen.getByRole('region', { name: '¿Necesita ayuda?' })).toBeVisible();
  });
});
