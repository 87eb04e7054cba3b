import { screen, within } from '@testing-library/react';
import {
  OUTAGE_CALLBACKS_PATH,
  OUTAGE_CREDITS_PATH,
  type OutageLocation,
  type OutageLocationsResponse,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { fileSaver } from '../../../lib/browser-files';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/** Riverbend's location after its 5-hour outage (outage-care.int.test.ts), with one callback by e-mail. */
const ADDRESS_ID = '5b0c3e0a-0000-4000-8000-000000000088';
const OVER: OutageLocation['outages'][number] = {
  reference: 'OUT-24117',
  services: ['internet'],
  stage: 'resolved',
  startsAt: '2026-11-21T12:50:00.000Z',
  estimatedEndAt: '2026-11-21T18:00:00.000Z',
  confidence: 'medium',
  endedAt: '2026-11-21T17:50:00.000Z',
  affectedMinutes: 300,
  credit: { eligible: true, amountCents: 300, days: 1, requestedOn: null },
};
const LOCATION: OutageLocation = {
  addressId: ADDRESS_ID,
  label: '88 River Bend Dr, Orlando, FL 32801',
  timeZone: 'America/New_York',
  outages: [OVER],
  callbacks: [
    {
      id: '7c1f0000-0000-4000-8000-000000000001',
      channel: 'email',
      destination: 'shop@riverbendauto.example',
      language: 'en',
      createdAt: '2026-11-21T15:00:00.000Z',
    },
  ],
};

function render(location: OutageLocation = LOCATION, role: 'PRIMARY' | 'STANDARD' = 'PRIMARY') {
  let current = location;
  return renderApp({
    path: '/outage-callback',
    profile: testProfile(role),
    routes: {
      [`GET ${OUTAGE_CALLBACKS_PATH}`]: () => jsonResponse({ locations: [current] } satisfies OutageLocationsResponse),
      [`POST ${OUTAGE_CALLBACKS_PATH}`]: ({ body }: FakeRequest) => {
        const { destination } = body as { destination: string };
        if (destination === '555 555 5555') {
          return jsonResponse(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'x',
                requestId: 'r',
                fields: [{ path: 'body.destination', code: 'phone.invalid' }],
              },
            },
            400,
          );
        }
        const callback = {
          id: '7c1f0000-0000-4000-8000-000000000002',
          channel: 'text' as const,
          destination: '+14075550142',
          language: 'en' as const,
          createdAt: '2026-11-21T15:05:00.000Z',
        };
        current = { ...current, callbacks: [...current.callbacks, callback] };
        return jsonResponse({ callback }, 201);
      },
      [`DELETE ${OUTAGE_CALLBACKS_PATH}/7c1f0000-0000-4000-8000-000000000001`]: () => {
        current = { ...current, callbacks: current.callbacks.slice(1) };
        return new Response(null, { status: 204 });
      },
      [`POST ${OUTAGE_CREDITS_PATH}`]: () => {
        const outage = { ...OVER, credit: { eligible: false, amountCents: 300, days: 1, requestedOn: '2026-11-21' } };
        current = { ...current, outages: [outage] };
        return jsonResponse({ outage });
      },
      'GET /api/pub/outages/v1/history/OUT-24117/letter': () =>
        new Response(new Blob(['%PDF-1.7']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="service-interruption-OUT-24117.pdf"',
          },
        }),
    },
  });
}

describe('/outage-callback (issue 20 items 7-8)', () => {
  it('shows the outage over with its credit; one click requests it; the letter downloads', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user, fetchMock } = await render();
    const outage = await screen.findByRole('article', { name: 'Internet outage, reference OUT-24117' });
    expect(outage).toHaveTextContent('From Nov 21, 7:50 AM to Nov 21, 12:50 PM: 5 hours without service.');
    expect(outage).toHaveTextContent('a credit of $3.00 (1 day of the affected service)');
    await expectNoAxeViolations();
    await user.click(within(outage).getByRole('button', { name: 'Request the $3.00 credit' }));
    expect(await within(outage).findByText(/A credit of \$3.00 \(1 day\) was requested on Nov 21, 2026/)).toBeVisible();
    expect(within(outage).queryByRole('button', { name: /Request/ })).toBeNull();
    expect(fetchMock.requestsTo(OUTAGE_CREDITS_PATH, 'POST')).toHaveLength(1);
    expect(fetchMock.requestsTo(OUTAGE_CREDITS_PATH, 'POST')[0]?.body).toEqual({ reference: 'OUT-24117' });

    await user.click(within(outage).getByRole('link', { name: 'Download the service-interruption letter (PDF)' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), 'service-interruption-OUT-24117.pdf'));
    expect(fetchMock.requestsTo('/api/pub/outages/v1/history/OUT-24117/letter')[0]?.search).toBe('?lang=en');
  });

  it('adds a text callback (a refused number said at the field), removes one, by keyboard', async () => {
    const { user, fetchMock } = await render();
    const callbacks = await screen.findByRole('region', { name: 'Tell me when service is back' });
    expect(within(callbacks).getByText('E-mail to shop@riverbendauto.example')).toBeVisible();
    await user.click(within(callbacks).getByRole('radio', { name: 'Text message' }));
    const number = within(callbacks).getByRole('textbox', { name: 'Mobile number' });
    await user.click(within(callbacks).getByRole('button', { name: 'Add' }));
    expect(number).toHaveAccessibleDescription(/Enter the mobile number to text./);
    expect(number).toHaveFocus();
    await user.type(number, '555{Enter}');
    expect(number).toHaveAccessibleDescription(/isn’t a valid mobile number/);
    expect(fetchMock.requestsTo(OUTAGE_CALLBACKS_PATH, 'POST')).toHaveLength(0);
    await user.clear(number);
    await user.type(number, '(407) 555-0142{Enter}');
    expect(await within(callbacks).findByText('Text message to (407) 555-0142')).toBeVisible();
    expect(within(callbacks).getByRole('status')).toHaveTextContent('We’ll tell (407) 555-0142 when service is back.');
    expect(fetchMock.requestsTo(OUTAGE_CALLBACKS_PATH, 'POST').at(-1)?.body).toEqual({
      addressId: ADDRESS_ID,
      channel: 'text',
      destination: '(407) 555-0142',
    });

    await user.click(within(callbacks).getByRole('button', { name: 'Stop telling shop@riverbendauto.example' }));
    await vi.waitFor(() => expect(within(callbacks).queryByText('E-mail to shop@riverbendauto.example')).toBeNull());
    await expectNoAxeViolations();
  });

  it('says the server’s refusal of a number at the field', async () => {
    const { user, fetchMock } = await render();
    const callbacks = await screen.findByRole('region', { name: 'Tell me when service is back' });
    await user.click(within(callbacks).getByRole('radio', { name: 'Text message' }));
    const number = within(callbacks).getByRole('textbox', { name: 'Mobile number' });
    // ten digits pass the browser's check; the server (libphonenumber-js) refuses this number
    await user.type(number, '555 555 5555{Enter}');
    await vi.waitFor(() => expect(fetchMock.requestsTo(OUTAGE_CALLBACKS_PATH, 'POST')).toHaveLength(1));
    expect(number).toHaveAccessibleDescription(/isn’t a valid mobile number/);
  });

  it('shows no credit or letter to a role without billing access, and reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await render({ ...LOCATION, outages: [{ ...OVER, credit: null }] }, 'STANDARD');
    const outage = await screen.findByRole('article', { name: 'Interrupción de internet, referencia OUT-24117' });
    expect(outage).toHaveTextContent('5 horas sin servicio');
    expect(within(outage).queryByRole('button')).toBeNull();
    expect(within(outage).queryByRole('link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Avísenme cuando vuelva el servicio' })).toBeVisible();
    await expectNoAxeViolations();
  });
});
