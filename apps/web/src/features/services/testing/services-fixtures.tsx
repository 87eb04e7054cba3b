import { screen } from '@testing-library/react';
import type { Equipment, Locale, ServicesResponse } from '@vireo/shared';
import { type FakeApiOptions, stubApi } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ServicesPage } from '../components/services-page';

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

/** The page with the app's providers in `locale`, on a fake API. */
export async function renderServices(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <ServicesPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Servicios' : 'Services' });
  return { api, user: rendered.user };
}
