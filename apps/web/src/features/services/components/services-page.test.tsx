import { screen, waitFor, within } from '@testing-library/react';
import {
  EQUIPMENT_NICKNAME_PATH,
  KNOWN_VALUE_ADDED_SERVICE_IDS,
  SERVICES_PATH,
  VALUE_ADDED_SERVICES_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, jsonResponse } from '../../../test/fake-api';
import {
  harborServices,
  harborValueAddedServices,
  MODEM,
  ROUTER,
  renderServices,
  VAS,
} from '../testing/services-fixtures';

const LIST = `GET ${SERVICES_PATH}`;
const routerPath = EQUIPMENT_NICKNAME_PATH.replace(':equipmentId', ROUTER.id);

describe('the services page (wider-portal.md §5)', () => {
  it('shows each service with its plans, lines and equipment, each device online or offline, axe-clean', async () => {
    await renderServices({ [LIST]: harborServices() });
    const internet = await screen.findByRole('region', { name: 'Internet' });
    expect(internet).toHaveTextContent('Business Internet Gig, Static IP address');
    expect(within(internet).getByText('Front counter gateway')).toBeInTheDocument();
    expect(internet).toHaveTextContent('Modem · Vireo DOCSIS 3.1 Business Gateway · ID ending •••• 1001');
    expect(within(internet).getAllByText('Online')).toHaveLength(2);
    const tv = screen.getByRole('region', { name: 'TV' });
    expect(within(tv).getByText('Offline')).toBeInTheDocument();
    // spec §5: a DVR on CHTR has no Rename
    expect(within(tv).queryByRole('button', { name: /Rename/ })).toBeNull();
    const phone = screen.getByRole('region', { name: 'Business Phone' });
    expect(phone).toHaveTextContent('3 lines');
    expect(phone).toHaveTextContent('No equipment from us for this service.');
    expect(screen.getByText('Service address: 12 Commercial St, Portland, ME 04101')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('renames the router by keyboard: the field, Enter, the new name announced', async () => {
    const { api, user } = await renderServices({
      [LIST]: harborServices(),
      [`PUT ${routerPath}`]: jsonResponse({ ...ROUTER, nickname: 'Patio WiFi' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Rename WiFi router' }));
    const field = screen.getByRole('textbox', { name: 'Nickname for this WiFi router' });
    expect(field).toHaveFocus();
    await user.type(field, 'Patio WiFi{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. This device is now called “Patio WiFi”.');
    expect(api.requestsTo(routerPath, 'PUT').map((request) => request.body)).toEqual([{ nickname: 'Patio WiFi' }]);
  });

  it('refuses a name too long before asking the server, and shows the server’s refusal on the field', async () => {
    const { api, user } = await renderServices({
      [LIST]: harborServices(),
      [`PUT ${EQUIPMENT_NICKNAME_PATH.replace(':equipmentId', MODEM.id)}`]: jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x (test)',
            fields: [{ path: 'body.nickname', code: 'services.nickname.notAllowed' }],
          },
        },
        400,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Front counter gateway' }));
    const field = screen.getByRole('textbox', { name: 'Nickname for this Modem' });
    await user.clear(field);
    await user.type(field, 'x'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Use 30 characters or fewer.'));
    expect(api.requestsTo(EQUIPMENT_NICKNAME_PATH.replace(':equipmentId', MODEM.id))).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Lobby');
    await user.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(await screen.findByText('This kind of device can’t be given a nickname.')).toBeInTheDocument();
  });

  it('says when device status cannot be checked, and lists everything else', async () => {
    await renderServices({
      [LIST]: harborServices({
        deviceStatusAvailable: false,
        services: harborServices().services.map((service) => ({
          ...service,
          equipment: service.equipment.map((device) => ({ ...device, status: 'unknown' as const })),
        })),
      }),
    });
    expect(await screen.findByText(/We can’t check whether your equipment is online right now/)).toBeInTheDocument();
    expect(screen.getAllByText('Status unavailable')).toHaveLength(3);
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('offers nothing to rename when the role may not (canNickname false on every device)', async () => {
    await renderServices({
      [LIST]: harborServices({
        services: harborServices().services.map((service) => ({
          ...service,
          equipment: service.equipment.map((device) => ({ ...device, canNickname: false })),
        })),
      }),
    });
    await screen.findByRole('region', { name: 'Internet' });
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull();
  });

  it('says in words when the services cannot be loaded', async () => {
    await renderServices({ [LIST]: apiError('INTERNAL', 500) });
    expect(await screen.findByRole('heading', { name: 'We couldn’t load your services' })).toBeInTheDocument();
  });

  it('reads in Spanish, with no English left, axe-clean', async () => {
    await renderServices({ [LIST]: harborServices() }, 'es');
    const internet = await screen.findByRole('region', { name: 'Servicio de Internet' });
    expect(internet).toHaveTextContent('Módem · Vireo DOCSIS 3.1 Business Gateway · ID terminado en •••• 1001');
    expect(within(internet).getAllByText('En línea')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Teléfono para empresas' })).toHaveTextContent('3 líneas');
    expect(screen.getByRole('button', { name: 'Cambiar el nombre de Front counter gateway' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Online|Offline|Rename|Equipment|lines\b/);
    await expectNoAxeViolations();
  });
});

describe('value-added services on the services page (spec §3, wider-portal.md §5)', () => {
  it('makes a core service’s one its card’s Manage link, the others cards in or out of the portal, axe-clean', async () => {
    const { router, user } = await renderServices({
      [LIST]: harborServices(),
      [VAS]: harborValueAddedServices([
        ...harborValueAddedServices().services,
        { serviceId: 'MANAGE_USERS', rateCode: 'NA', redirectUri: { sbpp: '/manage-users/list' } },
        { serviceId: 'NOT_A_REAL_ID', rateCode: 'NA', redirectUri: { sbpp: 'https://unknown.example' } },
      ]),
    });
    const more = await screen.findByRole('region', { name: 'More services on your account' });
    const internet = screen.getByRole('region', { name: 'Internet' });
    expect(within(internet).getByRole('link', { name: 'Manage Internet' })).toHaveAttribute(
      'href',
      '/services/internet',
    );
    const tv = screen.getByRole('region', { name: 'TV' });
    expect(within(tv).getByRole('link', { name: 'Manage TV' })).toHaveAttribute('href', '/tv');
    const phone = screen.getByRole('region', { name: 'Business Phone' });
    expect(within(phone).getByRole('link', { name: 'Manage Business Phone' })).toHaveAttribute(
      'href',
      '/services/voice',
    );

    // one card per known id left: the unknown ids (even one the wider enumeration has) are dropped
    const cards = within(more).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Desktop Security',
      'Cloud Backup',
    ]);
    expect(more).toHaveTextContent('Protection for your business computers against viruses');
    expect(document.body).not.toHaveTextContent(/MANAGE_USERS|NOT_A_REAL_ID|unknown\.example/);

    const backup = within(more).getByRole('link', { name: 'Manage Cloud Backup (opens another site)' });
    expect(backup).toHaveAttribute('href', 'https://backup.example/sso');
    expect(backup).toHaveAttribute('rel', 'noopener noreferrer');
    expect(backup.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const security = within(more).getByRole('link', { name: 'Manage Desktop Security' });
    expect(security).toHaveAttribute('href', '/desktop-security');
    expect(security).not.toHaveAttribute('rel');
    await expectNoAxeViolations();

    await user.click(security);
    expect(await screen.findByRole('heading', { level: 1, name: 'Desktop Security' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/desktop-security');
  });

  it('names and describes every known id, in English and in Spanish', async () => {
    const every = harborValueAddedServices(
      KNOWN_VALUE_ADDED_SERVICE_IDS.map((serviceId) => ({
        serviceId,
        rateCode: 'R1',
        redirectUri: { sbpp: `https://vas.example/${serviceId}` },
      })),
    );
    await renderServices({ [LIST]: harborServices(), [VAS]: every });
    const more = await screen.findByRole('region', { name: 'More services on your account' });
    const english = within(more)
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(english).toHaveLength(KNOWN_VALUE_ADDED_SERVICE_IDS.length);
    expect(new Set(english).size).toBe(english.length);
    expect(english.join()).not.toMatch(/services\.vas|_/);
  });

  it('reads the cards in Spanish, axe-clean', async () => {
    await renderServices(
      {
        [LIST]: harborServices(),
        [VAS]: harborValueAddedServices(
          KNOWN_VALUE_ADDED_SERVICE_IDS.map((serviceId) => ({
            serviceId,
            rateCode: 'R1',
            redirectUri: { sbpp: `https://vas.example/${serviceId}` },
          })),
        ),
      },
      'es',
    );
    const more = await screen.findByRole('region', { name: 'Más servicios en su cuenta' });
    expect(within(more).getAllByRole('listitem')).toHaveLength(KNOWN_VALUE_ADDED_SERVICE_IDS.length);
    expect(
      within(more).getByRole('link', { name: 'Administrar Copia de seguridad en la nube (abre otro sitio)' }),
    ).toBeInTheDocument();
    expect(more).not.toHaveTextContent(/Manage|opens another site|Cloud Backup|Business Email/);
    await expectNoAxeViolations();
  });

  it('shows a card for a core service’s one when that service is not on the page', async () => {
    await renderServices({
      [LIST]: harborServices({ services: harborServices().services.filter((service) => service.key !== 'VOICE') }),
      [VAS]: harborValueAddedServices([
        { serviceId: 'PHONE', rateCode: 'BV010', redirectUri: { sbpp: '/services/voice' } },
      ]),
    });
    const more = await screen.findByRole('region', { name: 'More services on your account' });
    expect(within(more).getByRole('link', { name: 'Manage Business Phone' })).toHaveAttribute(
      'href',
      '/services/voice',
    );
  });

  it('still shows the services when the value-added services cannot be loaded, less their links', async () => {
    const { api } = await renderServices({ [LIST]: harborServices(), [VAS]: apiError('SERVICE_UNAVAILABLE', 503) });
    const internet = await screen.findByRole('region', { name: 'Internet' });
    await waitFor(() => expect(api.requestsTo(VALUE_ADDED_SERVICES_PATH)).toHaveLength(1));
    expect(internet).toHaveTextContent('Front counter gateway');
    expect(screen.queryByRole('region', { name: 'More services on your account' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Manage/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still offers the value-added services when the services cannot be loaded', async () => {
    await renderServices({ [LIST]: apiError('INTERNAL', 500), [VAS]: harborValueAddedServices() });
    expect(await screen.findByRole('heading', { name: 'We couldn’t load your services' })).toBeInTheDocument();
    const more = await screen.findByRole('region', { name: 'More services on your account' });
    expect(within(more).getByRole('link', { name: 'Manage Business Internet' })).toHaveAttribute(
      'href',
      '/services/internet',
    );
  });
});
