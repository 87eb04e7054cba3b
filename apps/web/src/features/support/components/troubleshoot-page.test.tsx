import { screen, waitFor, within } from '@testing-library/react';
import {
  type Alert,
  EQUIPMENT_RESTART_PATH,
  type Equipment,
  type EquipmentRestart,
  TROUBLESHOOTING_PATH,
  type TroubleshootingCheck,
} from '@vireo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const MODEM: Equipment = {
  id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000e001',
  deviceType: 'modem',
  model: 'Vireo DOCSIS 3.1 Business Gateway',
  identifier: '•••• 1001',
  nickname: 'Front counter gateway',
  canNickname: true,
  status: 'online',
};
const ROUTER: Equipment = {
  ...MODEM,
  id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000e002',
  deviceType: 'router',
  model: 'Vireo Business WiFi 6 Router',
  identifier: '•••• 1002',
  nickname: null,
};

const CHECK = `GET ${TROUBLESHOOTING_PATH}`;
const RESTART = `POST ${EQUIPMENT_RESTART_PATH.replace(':equipmentId', MODEM.id)}`;

const OUTAGE: Alert = {
  id: 'OUT-24117:service-address',
  pid: 'OUT-24117',
  type: 'outage',
  severity: 'warning',
  body: 'Internet outage in Downtown Orlando, FL: a crew is on the way. Reference OUT-24117.',
  estimatedResolution: '2026-11-21T18:00:00.000Z',
  link: '/outage-map',
  action: '/outage-callback',
  stage: 'crew_dispatched',
  confidence: 'medium',
  active: true,
  startsAt: '2026-11-21T13:00:00.000Z',
};

function checkOf(overrides: Partial<TroubleshootingCheck> = {}): TroubleshootingCheck {
  return {
    serviceAddress: { addressLine1: '12 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
    outage: null,
    equipment: [MODEM, ROUTER],
    deviceStatusAvailable: true,
    canRestart: true,
    ...overrides,
  };
}

async function open(routes: Record<string, unknown>, options: { role?: 'PRIMARY' | 'STANDARD'; path?: string } = {}) {
  const rendered = await renderApp({
    path: options.path ?? '/troubleshoot-stub',
    profile: testProfile(options.role ?? 'PRIMARY'),
    routes: routes as Record<string, object>,
  });
  return rendered;
}

afterEach(() => window.localStorage.removeItem(LOCALE_STORAGE_KEY));

describe('troubleshooting (issue 21 item 5)', () => {
  it('stops at an outage at the address: what it is, the map and a callback, and no equipment step', async () => {
    const { fetchMock } = await open({ [CHECK]: checkOf({ outage: OUTAGE, equipment: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Troubleshoot your internet' })).toBeInTheDocument();
    const step = await screen.findByRole('region', { name: 'Outage check' });
    expect(await within(step).findByRole('heading', { name: 'There’s an outage at your address' })).toBeInTheDocument();
    expect(step).toHaveTextContent('a crew is on the way');
    expect(step).toHaveTextContent('troubleshooting stops here');
    expect(within(step).getByRole('link', { name: 'See it on the outage map' })).toHaveAttribute('href', '/outage-map');
    expect(within(step).getByRole('link', { name: 'Tell me when it’s fixed' })).toHaveAttribute(
      'href',
      '/outage-callback',
    );
    expect(screen.queryByRole('region', { name: 'Your equipment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restart/ })).toBeNull();
    expect(fetchMock.requestsTo(TROUBLESHOOTING_PATH)[0]?.search).toBe('?subject=internet&lang=en');
    await expectNoAxeViolations();
  });

  it('restarts a device by keyboard after confirming; one that stays offline begins the ticket with it', async () => {
    const stuck: EquipmentRestart = { outcome: 'offline', equipment: { ...MODEM, status: 'offline' } };
    const { user, fetchMock } = await open({ [CHECK]: checkOf(), [RESTART]: stuck });
    const outage = await screen.findByRole('region', { name: 'Outage check' });
    expect(await within(outage).findByText('No outage at 12 Commercial St, Portland, ME 04101.')).toBeInTheDocument();
    const equipment = screen.getByRole('region', { name: 'Your equipment' });
    expect(equipment).toHaveTextContent('Front counter gateway');
    const restart = within(equipment).getByRole('button', { name: 'Restart Front counter gateway' });
    restart.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Restart Front counter gateway?' });
    // the button that changes nothing has focus first
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(EQUIPMENT_RESTART_PATH.replace(':equipmentId', MODEM.id), 'POST')).toHaveLength(0);
    await user.click(restart);
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    expect(
      await within(equipment).findByText(
        'Front counter gateway restarted but didn’t come back online. Write to us below and we’ll take it from here.',
      ),
    ).toBeInTheDocument();
    expect(within(equipment).getAllByText('Offline')).toHaveLength(1);
    expect(fetchMock.requestsTo(EQUIPMENT_RESTART_PATH.replace(':equipmentId', MODEM.id), 'POST')).toHaveLength(1);
    const ticket = screen.getByRole('link', { name: 'Write to support' });
    const href = new URL(ticket.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/support/forms');
    expect(href.searchParams.get('topic')).toBe('internet');
    expect(href.searchParams.get('subject')).toBe('Front counter gateway still offline after a restart');
    expect(screen.getByRole('link', { name: 'Run a speed test' })).toHaveAttribute(
      'href',
      '/services/internet/speed-test',
    );
    await expectNoAxeViolations();
  });

  it('says a device came back, or was not reached (network operations down)', async () => {
    let answer = () => jsonResponse({ outcome: 'online', equipment: MODEM } satisfies EquipmentRestart);
    const { user } = await open({ [CHECK]: checkOf(), [RESTART]: () => answer() });
    const equipment = await screen.findByRole('region', { name: 'Your equipment' });
    await user.click(within(equipment).getByRole('button', { name: 'Restart Front counter gateway' }));
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    expect(await within(equipment).findByText('Front counter gateway restarted and is back online.')).toBeVisible();
    answer = () => apiError('SERVICE_UNAVAILABLE', 503);
    await user.click(within(equipment).getByRole('button', { name: 'Restart Front counter gateway' }));
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    expect(
      await within(equipment).findByText(
        'We couldn’t reach Front counter gateway to restart it. Try again in a few minutes.',
      ),
    ).toBeVisible();
  });

  it('shows a STANDARD member the equipment without Restart, and says why', async () => {
    await open({ [CHECK]: checkOf({ canRestart: false }) }, { role: 'STANDARD' });
    const equipment = await screen.findByRole('region', { name: 'Your equipment' });
    expect(equipment).toHaveTextContent('Only the account’s owner or an administrator can restart equipment.');
    expect(within(equipment).queryByRole('button', { name: /Restart/ })).toBeNull();
  });

  it('says when the outage check failed and checks again on request', async () => {
    let answer = () => apiError('SERVICE_UNAVAILABLE', 503);
    const { user } = await open({ [CHECK]: () => answer() });
    expect(
      await screen.findByText('We couldn’t check for outages right now. Try again in a few minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your equipment' })).toBeNull();
    answer = () => jsonResponse(checkOf());
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('region', { name: 'Your equipment' })).toBeInTheDocument();
  });

  it('checks TV and phone on the second page, in Spanish, without a speed test', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { fetchMock } = await open({ [CHECK]: checkOf({ equipment: [] }) }, { path: '/troubleshoot-stub-2' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Soluciona problemas de tu TV y teléfono' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No hay interrupciones en 12 Commercial St, Portland, ME 04101.')).toBeVisible();
    expect(screen.getByText('Esta cuenta no tiene equipos de estos servicios.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Hacer una prueba de velocidad' })).toBeNull();
    const href = new URL(
      screen.getByRole('link', { name: 'Escribir a soporte' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(href.searchParams.get('topic')).toBe('tv');
    expect(href.searchParams.get('subject')).toBe('La TV o el teléfono no funcionan');
    expect(fetchMock.requestsTo(TROUBLESHOOTING_PATH)[0]?.search).toBe('?subject=tv-phone&lang=es');
    await expectNoAxeViolations();
  });

  it('leaves the speed test out where its flag is off', async () => {
    await renderApp({
      path: '/troubleshoot-stub',
      profile: testProfile('PRIMARY'),
      flags: { speedTest: false },
      routes: { [CHECK]: checkOf() },
    });
    expect(await screen.findByRole('region', { name: 'Your equipment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Test your speed' })).toBeNull();
  });
});
