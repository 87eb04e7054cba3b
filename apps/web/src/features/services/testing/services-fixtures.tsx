import { screen } from '@testing-library/react';
import {
  type Equipment,
  type Locale,
  type ServicesResponse,
  VALUE_ADDED_SERVICES_PATH,
  type ValueAddedServicesResponse,
} from '@vireo/shared';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { type FakeApiOptions, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

export const MODEM: Equipment = {
  id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000e001',
  deviceType: 'modem',
  model: 'Vireo DOCSIS 3.1 Business Gateway',
  identifier: '•••• 1001',
  nickname: 'Front counter gateway',
  canNickname: true,
  status: 'online',
};
export const ROUTER: Equipment = {
  ...MODEM,
  id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000e002',
  deviceType: 'router',
  model: 'Vireo Business WiFi 6 Router',
  identifier: '•••• 1002',
  nickname: null,
};
export const DVR: Equipment = {
  ...MODEM,
  id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000e003',
  deviceType: 'dvr',
  model: 'Vireo HD DVR',
  identifier: '•••• 7731',
  nickname: null,
  canNickname: false,
  status: 'offline',
};

/** Harbor's services as the server answers them (services.int.test.ts), trimmed to what the page shows. */
export function harborServices(overrides: Partial<ServicesResponse> = {}): ServicesResponse {
  return {
    serviceAddress: { addressLine1: '12 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
    deviceStatusAvailable: true,
    services: [
      {
        key: 'INTERNET',
        status: 'Active',
        plans: ['Business Internet Gig', 'Static IP address'],
        lineCount: null,
        equipment: [MODEM, ROUTER],
      },
      { key: 'VIDEO', status: 'Active', plans: ['Business TV Select'], lineCount: null, equipment: [DVR] },
      { key: 'VOICE', status: 'Assigned', plans: ['Business Voice, 3 lines'], lineCount: 3, equipment: [] },
    ],
    ...overrides,
  };
}

export const VAS = `GET ${VALUE_ADDED_SERVICES_PATH}`;

/** Harbor's value-added services as the server answers them: before the client keeps the known ids (spec §3). */
export function harborValueAddedServices(
  services: ValueAddedServicesResponse['services'] = [
    { serviceId: 'INTERNET', rateCode: 'BI100', redirectUri: { sbpp: '/services/internet' } },
    { serviceId: 'TV', rateCode: 'BTV20', redirectUri: { sbpp: '/tv' } },
    { serviceId: 'PHONE_META', rateCode: 'BV020', redirectUri: { sbpp: '/services/voice' } },
    { serviceId: 'DESKTOP_SECURITY', rateCode: 'DS001', redirectUri: { sbpp: '/desktop-security' } },
    { serviceId: 'CLOUD_BACKUP', rateCode: 'CB010', redirectUri: { sbpp: 'https://backup.example/sso' } },
  ],
): ValueAddedServicesResponse {
  return { displayServicesBanner: services.length > 0, serviceActivationUri: '/services', services };
}

/**
 * `path` (default /services) in the whole app in `locale`, signed in as Harbor's owner, on a fake API. The
 * value-added services answer with none unless `routes` say otherwise.
 */
export async function renderServices(
  routes: FakeApiOptions['routes'],
  locale: Locale = 'en',
  path = '/services',
  heading: { en: string; es: string } = { en: 'Services', es: 'Servicios' },
) {
  if (locale !== 'en') window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  const rendered = await renderApp({
    path,
    profile: testProfile('PRIMARY'),
    routes: { [VAS]: harborValueAddedServices([]), ...routes },
  });
  await screen.findByRole('heading', { level: 1, name: heading[locale] });
  return { api: rendered.fetchMock, user: rendered.user, router: rendered.router };
}
