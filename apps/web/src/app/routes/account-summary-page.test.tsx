import { screen, within } from '@testing-library/react';
import {
  ACCOUNT_SERVICES_PATH,
  ACCOUNTS_PATH,
  BILLING_SUMMARY_PATH,
  type PortalRole,
  VOICE_CARD_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../components/ui/testing/axe';
import { harborVoiceCard, STAFF_VOICE_CARD } from '../../features/voice/testing/voice-fixtures';
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
      [`GET ${VOICE_CARD_PATH}`]: role === 'PRIMARY' || role === 'ADMIN' ? harborVoiceCard() : STAFF_VOICE_CARD,
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
      ['Listen to voicemail', '/voice/messages'],
      ['Call forwarding', '/voice/forwarding-manager'],
      ['Manage voice', '/services/voice/phone'],
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
      [`GET ${VOICE_CARD_PATH}`]: harborVoiceCard({
        lines: [
          { number: '2075550101', label: 'Front counter', unreadCount: 3 },
          { number: '2075550102', label: 'Office', unreadCount: null },
        ],
      }),
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
      'Listen to voicemail',
      'Call forwarding',
      'Manage voice',
    ]);
    expect(within(card).getByText('Your line: (207) 555-0101')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('gives a user without CPNI access (spec §2.1) the card without counts or the voice manager, and their lines', async () => {
    await renderSummary('STANDARD', WITH_VOICE, {
      [`GET ${VOICE_CARD_PATH}`]: { ...STAFF_VOICE_CARD, numberOfAssignedLines: 2, assignedNumber: '2075550103' },
    });
    const card = await screen.findByRole('article', { name: 'Voice' });
    expect(within(card).getByText('Your account’s administrators manage voicemail and call settings.')).toBeVisible();
    expect(within(card).getByText('Your lines: (207) 555-0103 and 1 more')).toBeVisible();
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['About your phone service', '/services/voice']]);
    expect(within(card).queryByText(/voicemails?$/)).not.toBeInTheDocument();
  });

  it('leaves the voicemail link and forwarding out on the IMS core (spec §4), as the server says', async () => {
    await renderSummary('PRIMARY', WITH_VOICE, {
      [`GET ${VOICE_CARD_PATH}`]: harborVoiceCard({
        voicemailLink: null,
        showForwardingLink: false,
        manageForwardingLink: null,
      }),
    });
    const card = await screen.findByRole('article', { name: 'Voice' });
    expect(within(card).getByText(/3 new voicemails/)).toBeVisible();
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Manage voice']);
  });

  it('shows the hosted-voice card when hosted voice is provisioned, its way to manage it to the admin group only', async () => {
    const hosted = { showAccessCard: false, hostedVoice: { provisioned: true, admin: true } };
    await renderSummary('PRIMARY', WITH_VOICE, { [`GET ${VOICE_CARD_PATH}`]: harborVoiceCard(hosted) });
    const card = await screen.findByRole('article', { name: 'Hosted voice' });
    expect(screen.queryByRole('article', { name: 'Voice' })).not.toBeInTheDocument();
    expect(within(card).getByText(/As an administrator/)).toBeVisible();
    expect(within(card).getByText('Your extension’s line: (207) 555-0101')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Manage hosted voice' })).toHaveAttribute(
      'href',
      '/services/voice/phone',
    );
    await expectNoAxeViolations();
  });

  it('shows a staff member the hosted-voice card without the administrator’s part', async () => {
    const hosted = { showAccessCard: false, hostedVoice: { provisioned: true, admin: false } };
    await renderSummary('STANDARD', WITH_VOICE, { [`GET ${VOICE_CARD_PATH}`]: harborVoiceCard(hosted) });
    const card = await screen.findByRole('article', { name: 'Hosted voice' });
    expect(within(card).queryByText(/As an administrator/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps a plain voice card when the account’s services or the voice card cannot be loaded', async () => {
    await renderSummary('BILLING', () => new Response(null, { status: 503 }), {
      [`GET ${VOICE_CARD_PATH}`]: () => new Response(null, { status: 503 }),
    });
    expect(await screen.findByRole('link', { name: 'Manage voice' })).toHaveAttribute('href', '/voice/messages');
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
