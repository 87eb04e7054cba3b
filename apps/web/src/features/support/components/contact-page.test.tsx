import { screen, within } from '@testing-library/react';
import {
  PARTNER_SUPPORT_ADDRESS_PATH,
  type PartnerLocationResponse,
  type Store,
  type StoresResponse,
  SUPPORT_STORES_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const store = (id: string, name: string, tenths: number, sunday: boolean): Store => ({
  id,
  name,
  addressLine1: '200 Fore St',
  city: 'Portland',
  state: 'ME',
  zip: '04101',
  distanceTenthsOfMile: tenths,
  hours: {
    weekdays: { opens: '10:00', closes: '19:00' },
    saturday: { opens: '10:00', closes: '17:00' },
    sunday: sunday ? { opens: '12:00', closes: '17:00' } : null,
  },
  services: sunday ? ['sales', 'equipment', 'payments'] : ['sales'],
});

function storesOf({ search }: FakeRequest) {
  const zip = new URLSearchParams(search).get('zip');
  const answer: StoresResponse =
    zip === '04101'
      ? {
          place: { zip: '04101', city: 'Portland', state: 'ME' },
          stores: [
            store('pwm-old-port', 'Portland Old Port', 3, false),
            store('pwm-maine-mall', 'South Portland', 47, true),
          ],
        }
      : zip === '59001'
        ? { place: { zip: '59001', city: 'Absarokee', state: 'MT' }, stores: [] }
        : { place: null, stores: [] };
  return jsonResponse(answer);
}

const SERVICE_AREA_PATH = PARTNER_SUPPORT_ADDRESS_PATH.replace(':flow', 'contact');

/** The partner edge as the simulated network answers it: Harbor's premises served, 04101 in the footprint, 59801 not. */
function serviceAreaOf({ search }: FakeRequest) {
  const query = new URLSearchParams(search);
  const zipcode = query.get('zipcode') ?? '';
  if (zipcode === '99999')
    return jsonResponse({ error: { code: 'SERVICE_UNAVAILABLE', message: 'down', requestId: 'r' } }, 503);
  const inFootprint = zipcode === '04101';
  const answer: PartnerLocationResponse = {
    by: 'address',
    zipcode,
    inFootprint,
    footprint: inFootprint ? 'CHTR' : null,
    serviceable: inFootprint && query.get('addressLine1') === '120 Commercial St',
  };
  return jsonResponse(answer);
}

const render = () =>
  renderApp({
    path: '/contactus',
    routes: { [`GET ${SUPPORT_STORES_PATH}`]: storesOf, [`GET ${SERVICE_AREA_PATH}`]: serviceAreaOf },
  });

describe('contact us (issue 21 item 3)', () => {
  it('lists every customer-service number with when it answers, and the way to write', async () => {
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const call = screen.getByRole('region', { name: 'Call customer service' });
    expect(await within(call).findByRole('link', { name: '(800) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+18005550123',
    );
    expect(
      within(call)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:+18005550123', 'tel:+18885550142', 'tel:+18665550155', 'tel:+18555550177']);
    expect(call).toHaveTextContent('Mobile customer service: 7 a.m. to 11 p.m. Eastern time, every day.');
    expect(screen.getByRole('region', { name: 'Write to us' })).toContainElement(
      screen.getByRole('link', { name: 'Send us a message' }),
    );
    await expectNoAxeViolations();
  });

  it('finds the stores nearest a ZIP code, with distance, hours and services; refuses a ZIP that is not 5 digits', async () => {
    const { user, fetchMock } = await render();
    const finder = await screen.findByRole('region', { name: 'Find a store' });
    const zip = within(finder).getByRole('textbox', { name: 'ZIP code' });
    await user.type(zip, '041');
    await user.click(within(finder).getByRole('button', { name: 'Find stores' }));
    expect(zip).toHaveAccessibleDescription('Enter a 5-digit ZIP code.');
    expect(fetchMock.requestsTo(SUPPORT_STORES_PATH, 'GET')).toHaveLength(0);
    await user.type(zip, '01{Enter}');
    expect(await within(finder).findByRole('status')).toHaveTextContent('2 stores near Portland, ME 04101');
    const oldPort = within(finder).getByRole('article', { name: 'Portland Old Port' });
    expect(oldPort).toHaveTextContent('0.3 miles away');
    expect(oldPort).toHaveTextContent('Monday to Friday: 10:00 AM to 7:00 PM');
    expect(oldPort).toHaveTextContent('Sunday: closed');
    expect(within(finder).getByRole('article', { name: 'South Portland' })).toHaveTextContent(
      'Sunday: 12:00 PM to 5:00 PM',
    );
    await expectNoAxeViolations();

    await user.clear(zip);
    await user.type(zip, '59001{Enter}');
    expect(await within(finder).findByText('No store within 100 miles of Absarokee, MT 59001.')).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '00000{Enter}');
    expect(await within(finder).findByText('We don’t know the ZIP code 00000. Please check it.')).toBeInTheDocument();
  });

  it('says whether the network serves an address, in the footprint or not; refuses an empty street and a bad ZIP', async () => {
    const { user, fetchMock } = await render();
    const check = await screen.findByRole('region', { name: 'Do we serve your business’s address?' });
    const street = within(check).getByRole('textbox', { name: 'Street address' });
    const zip = within(check).getByRole('textbox', { name: 'ZIP code' });
    const submit = within(check).getByRole('button', { name: 'Check the address' });
    await user.type(zip, '041');
    await user.click(submit);
    expect(street).toHaveAccessibleDescription('Enter the street address.');
    expect(zip).toHaveAccessibleDescription('Enter a 5-digit ZIP code.');
    expect(fetchMock.requestsTo(SERVICE_AREA_PATH, 'GET')).toHaveLength(0);

    await user.type(street, ' 120 Commercial St ');
    await user.type(zip, '01{Enter}');
    expect(await within(check).findByText(/^Good news/)).toHaveTextContent(
      'Good news: our network serves 120 Commercial St, 04101. Call us to order service there.',
    );
    const [sent] = fetchMock.requestsTo(SERVICE_AREA_PATH, 'GET');
    expect(Object.fromEntries(new URLSearchParams(sent?.search))).toEqual({
      addressLine1: '120 Commercial St',
      zipcode: '04101',
      'carryover-zipcode': 'true',
    });
    await expectNoAxeViolations();

    await user.clear(street);
    await user.type(street, '1 Nowhere Rd{Enter}');
    expect(
      await within(check).findByText(
        '04101 is in our service area, but 1 Nowhere Rd, 04101 isn’t connected to our network yet. Call us and we’ll find out what it takes to connect it.',
      ),
    ).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '59801{Enter}');
    expect(await within(check).findByText('We don’t serve the ZIP code 59801 yet.')).toBeInTheDocument();

    // the partner edge not answering: said in words, with a retry; nothing else changes
    await user.clear(zip);
    await user.type(zip, '99999{Enter}');
    expect(await within(check).findByText('We couldn’t check that address. Please try again.')).toBeInTheDocument();
    expect(within(check).getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await render();
    const finder = await screen.findByRole('region', { name: 'Buscar una tienda' });
    await user.type(within(finder).getByRole('textbox', { name: 'Código postal' }), '04101{Enter}');
    const oldPort = await within(finder).findByRole('article', { name: 'Portland Old Port' });
    expect(oldPort).toHaveTextContent('a 0,3 millas');
    expect(oldPort).toHaveTextContent('Domingo: cerrado');
    expect(screen.getByRole('region', { name: 'Llame a atención al cliente' })).toBeInTheDocument();
    const check = screen.getByRole('region', { name: '¿Llegamos a la dirección de su negocio?' });
    await user.type(within(check).getByRole('textbox', { name: 'Dirección' }), '1 Main St');
    await user.type(within(check).getByRole('textbox', { name: 'Código postal' }), '59801{Enter}');
    expect(await within(check).findByText('Aún no damos servicio en el código postal 59801.')).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
