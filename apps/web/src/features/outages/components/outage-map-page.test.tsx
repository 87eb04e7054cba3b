import { screen, within } from '@testing-library/react';
import {
  CSRF_PATH,
  type NetworkEvent,
  type NetworkEventsPage,
  OUTAGE_ADDRESS_CHECK_PATH,
  OUTAGES_PATH,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// the picture is Leaflet's (a browser spec draws it); here it only says which areas it was given
vi.mock('./outage-map-view', () => ({
  default: ({ events }: { events: NetworkEvent[] }) => (
    <div aria-hidden="true" data-testid="map">
      {events.map((event) => event.reference).join(' ')}
    </div>
  ),
}));

const AREA: NetworkEvent['area'] = {
  type: 'Polygon',
  coordinates: [
    [
      [-81.4, 28.5],
      [-81.3, 28.5],
      [-81.3, 28.6],
      [-81.4, 28.5],
    ],
  ],
};

/** The Orlando outage and the Portland maintenance as the route answers them (outages.int.test.ts). */
const OUTAGE: NetworkEvent = {
  id: '0b6f4d2e-0000-4000-8000-000000024117',
  reference: 'OUT-24117',
  kind: 'outage',
  services: ['internet'],
  cause: 'fiber_cut',
  region: 'Downtown Orlando, FL',
  timeZone: 'America/New_York',
  area: AREA,
  customersAffected: 1240,
  startsAt: '2026-11-21T12:50:00.000Z',
  estimatedEndAt: '2026-11-21T18:00:00.000Z',
  confidence: 'medium',
  stage: 'crew_dispatched',
  history: [
    { stage: 'investigating', at: '2026-11-21T12:50:00.000Z' },
    { stage: 'identified', at: '2026-11-21T13:25:00.000Z' },
    { stage: 'crew_dispatched', at: '2026-11-21T14:20:00.000Z' },
  ],
  active: true,
  endedAt: null,
};
const MAINTENANCE: NetworkEvent = {
  ...OUTAGE,
  id: '0b6f4d2e-0000-4000-8000-000000003306',
  reference: 'MNT-3306',
  kind: 'maintenance',
  services: ['internet', 'phone'],
  cause: 'upgrade',
  region: 'Portland waterfront, ME',
  customersAffected: 380,
  startsAt: '2026-11-28T05:00:00.000Z',
  estimatedEndAt: '2026-11-28T11:00:00.000Z',
  confidence: null,
  stage: 'scheduled',
  history: [{ stage: 'scheduled', at: '2026-11-20T15:00:00.000Z' }],
  active: false,
};
const PAGE: NetworkEventsPage = { items: [MAINTENANCE, OUTAGE], nextCursor: null, previousCursor: null };

function render() {
  return renderApp({
    path: '/outage-map',
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`GET ${OUTAGES_PATH}`]: PAGE,
      [`POST ${OUTAGE_ADDRESS_CHECK_PATH}`]: ({ body }: FakeRequest) =>
        jsonResponse(
          (body as { zip: string }).zip === '32801'
            ? { served: true, affectedBy: ['OUT-24117'] }
            : { served: false, affectedBy: [] },
        ),
    },
  });
}

describe('the outage map (issue 20 item 5)', () => {
  it('lists every event with its stage, the stages so far and the estimate, before and without the map', async () => {
    await render();
    const list = await screen.findByRole('region', { name: 'Outages and maintenance' });
    const outage = await within(list).findByRole('article', { name: 'Internet outage: Downtown Orlando, FL' });
    expect(outage).toHaveTextContent('Crew on the way');
    expect(outage).toHaveTextContent('Nov 21, 1:00 PM (medium confidence)');
    expect(outage).toHaveTextContent('Damaged fiber cable');
    expect(outage).toHaveTextContent('1,240');
    expect(
      within(outage)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nov 21, 7:50 AM Investigating', 'Nov 21, 8:25 AM Cause found', 'Nov 21, 9:20 AM Crew on the way']);
    const maintenance = within(list).getByRole('article', {
      name: 'Planned Internet and Phone maintenance: Portland waterfront, ME',
    });
    expect(maintenance).toHaveTextContent('Nov 28, 12:00 AM to Nov 28, 6:00 AM');
    expect(within(list).getByRole('status')).toHaveTextContent('2 listed');
    expect(await screen.findByTestId('map')).toHaveTextContent('MNT-3306 OUT-24117');
    await expectNoAxeViolations();
  });

  it('checks an address: the event covering it is named and marked; an address not served is said so', async () => {
    const { user, fetchMock } = await render();
    const check = await screen.findByRole('region', { name: 'Is my address affected?' });
    await user.type(within(check).getByRole('textbox', { name: 'Street address' }), '88 River Bend Dr');
    await user.type(within(check).getByRole('textbox', { name: 'ZIP code' }), '32801');
    await user.click(within(check).getByRole('button', { name: 'Check my address' }));
    expect(await within(check).findByRole('status')).toHaveTextContent(
      'Yes: an outage or maintenance covers your address (OUT-24117).',
    );
    expect(fetchMock.requestsTo(OUTAGE_ADDRESS_CHECK_PATH, 'POST')[0]?.body).toEqual({
      addressLine1: '88 River Bend Dr',
      zip: '32801',
    });
    const outage = screen.getByRole('article', { name: 'Internet outage: Downtown Orlando, FL' });
    expect(outage).toHaveTextContent('Your address is in this area.');

    await user.clear(within(check).getByRole('textbox', { name: 'ZIP code' }));
    await user.type(within(check).getByRole('textbox', { name: 'ZIP code' }), '99999');
    await user.click(within(check).getByRole('button', { name: 'Check my address' }));
    expect(await within(check).findByText(/We don’t have this address on our network/)).toBeInTheDocument();
    expect(outage).not.toHaveTextContent('Your address is in this area.');
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await render();
    const list = await screen.findByRole('region', { name: 'Interrupciones y mantenimiento' });
    const outage = await within(list).findByRole('article', { name: 'Interrupción de internet: Downtown Orlando, FL' });
    expect(outage).toHaveTextContent('Equipo en camino');
    expect(outage).toHaveTextContent('confianza media');
    await expectNoAxeViolations();
  });
});
