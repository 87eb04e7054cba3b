import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPOINTMENTS_PATH, type Appointment, type Availability } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const ID = '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001';
const VISIT = `${APPOINTMENTS_PATH}/${ID}`;

/** Harbor's installation as the server answers it (appointments.int.test.ts). */
function installation(patch: Partial<Appointment> = {}): Appointment {
  return {
    id: ID,
    orderId: 'ORD-4471-2208',
    jobId: 'JOB-88213',
    type: 'installation',
    status: 'confirmation_needed',
    windowStart: '2026-11-24T13:00:00.000Z',
    windowEnd: '2026-11-24T15:00:00.000Z',
    timeZone: 'America/New_York',
    address: { addressLine1: '120 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
    technician: 'Grace Kim',
    etaAt: null,
    cancelReason: null,
    canChange: true,
    ...patch,
  };
}

const page = (items: Appointment[]) => ({ items, nextCursor: null, previousCursor: null });

/** Two days: Wednesday with one free window of five, Thursday with all five free. */
const AVAILABILITY: Availability = {
  days: ['2026-11-25', '2026-11-26'].map((date, d) => ({
    date,
    windows: [13, 15, 17, 19, 21].map((hour, i) => ({
      start: `${date}T${hour}:00:00.000Z`,
      end: `${date}T${hour + 2}:00:00.000Z`,
      available: d === 1 || i === 1,
    })),
  })),
};

function render(
  role: 'PRIMARY' | 'STANDARD',
  routes: Record<string, object | ((request: { body: unknown }) => Response)>,
) {
  return renderApp({
    path: '/service-appointments',
    profile: testProfile(role),
    routes: { [`GET ${APPOINTMENTS_PATH}`]: page([installation({ canChange: role === 'PRIMARY' })]), ...routes },
  });
}

describe('technician visits (issue 20 item 2)', () => {
  it('shows the visit on the service address’s clock and confirms it', async () => {
    const { fetchMock } = await render('PRIMARY', {
      [`POST ${VISIT}/confirm`]: installation({ status: 'confirmed' }),
    });
    const card = await screen.findByRole('article', { name: 'Installation' });
    expect(card).toHaveTextContent('Tuesday, November 24, 2026, 8:00 AM to 10:00 AM');
    expect(card).toHaveTextContent('Please confirm');
    expect(card).toHaveTextContent('Grace Kim');
    expect(within(card).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `${APPOINTMENTS_PATH}/calendar/ORD-4471-2208/JOB-88213?lang=en`,
    );
    await expectNoAxeViolations();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm the visit' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('The visit is confirmed.');
    expect(fetchMock.requestsTo(`${VISIT}/confirm`, 'POST')).toHaveLength(1);
    expect(within(card).getByRole('heading', { name: 'Installation' })).toHaveFocus();
  });

  it('moves the visit to a free window, full ones shown and not choosable; the old time kept when it is taken', async () => {
    let taken = true;
    const { fetchMock } = await render('PRIMARY', {
      [`GET ${VISIT}/availability`]: AVAILABILITY,
      [`POST ${VISIT}/reschedule`]: () => {
        if (!taken) return jsonResponse(installation({ windowStart: '2026-11-26T15:00:00.000Z' }));
        taken = false;
        return jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'full (test)',
              fields: [{ path: 'body.windowStart', code: 'appointments.window.full' }],
            },
          },
          400,
        );
      },
    });
    const card = await screen.findByRole('article', { name: 'Installation' });
    await userEvent.click(within(card).getByRole('button', { name: 'Change the time' }));
    const form = await within(card).findByRole('form', { name: 'Change the time of the visit' });
    expect(form).toHaveTextContent('Your current time stays booked until the new one is confirmed.');
    expect(form).toHaveTextContent('Wednesday, November 25, 2026');
    const times = within(form).getByRole('group', { name: 'Time' });
    const radios = within(times).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([true, false, true, true, true]);
    await userEvent.click(within(form).getByRole('button', { name: 'Move the visit' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a time for the visit.');
    await userEvent.click(within(times).getByRole('radio', { name: /10:00 AM to 12:00 PM/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Move the visit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That time was just taken.');
    await expectNoAxeViolations();
    // another day, by the calendar
    await userEvent.click(within(form).getByRole('button', { name: 'Choose another day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a day for the visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: /November 26/ }));
    expect(await within(card).findByText('Thursday, November 26, 2026')).toBeVisible();
    await userEvent.click(within(card).getByRole('radio', { name: /10:00 AM to 12:00 PM/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Move the visit' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('The visit has its new time.');
    expect(fetchMock.requestsTo(`${VISIT}/reschedule`, 'POST').map((request) => request.body)).toEqual([
      { windowStart: '2026-11-25T15:00:00.000Z' },
      { windowStart: '2026-11-26T15:00:00.000Z' },
    ]);
  });

  it('cancels with a reason and a note, refusing a card number in the note before sending', async () => {
    const { fetchMock } = await render('PRIMARY', {
      [`POST ${VISIT}/cancel`]: installation({ status: 'cancelled', cancelReason: 'schedule', canChange: false }),
    });
    const card = await screen.findByRole('article', { name: 'Installation' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel the visit' }));
    const form = await within(card).findByRole('form', { name: 'Cancel the visit' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the visit' }));
    expect(within(form).getByRole('radio', { name: 'The visit isn’t needed anymore' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('radio', { name: 'The time doesn’t work and I’ll book later' }));
    const note = within(form).getByLabelText(/Anything to add/);
    await userEvent.type(note, 'card 4242 4242 4242 4242');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the visit' }));
    expect(note).toHaveAccessibleDescription(/don’t enter a card number/);
    expect(fetchMock.requestsTo(`${VISIT}/cancel`, 'POST')).toHaveLength(0);
    await userEvent.clear(note);
    await userEvent.type(note, 'Closed for inventory');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the visit' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('The visit is cancelled.');
    expect(fetchMock.requestsTo(`${VISIT}/cancel`, 'POST').map((request) => request.body)).toEqual([
      { reason: 'schedule', note: 'Closed for inventory' },
    ]);
  });

  it('shows a staff member the visit with no way to change it', async () => {
    await render('STANDARD', {});
    const card = await screen.findByRole('article', { name: 'Installation' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  });

  it('says the technician is on the way with the ETA, in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await render('PRIMARY', {
      [`GET ${APPOINTMENTS_PATH}`]: page([
        installation({ status: 'en_route', etaAt: '2026-11-24T13:40:00.000Z', canChange: false }),
      ]),
    });
    const card = await screen.findByRole('article', { name: 'Instalación' });
    expect(card).toHaveTextContent('El técnico va en camino');
    expect(card).toHaveTextContent('Llega hacia las 8:40');
    expect(card).toHaveTextContent('martes, 24 de noviembre de 2026, de 8:00 a 10:00');
    await expectNoAxeViolations();
  });

  it('opens one visit with its new time being chosen (spec §2.1 reschedule page); an unknown visit points to the list', async () => {
    await renderApp({
      path: `/appointment-tracking/reschedule-appointment?appointmentId=${ID}`,
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${VISIT}`]: installation(), [`GET ${VISIT}/availability`]: AVAILABILITY },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reschedule Appointment' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Installation' });
    expect(await within(card).findByRole('form', { name: 'Change the time of the visit' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says a visit that is not the account’s cannot be found, with the way to the list', async () => {
    await renderApp({
      path: `/appointment-tracking/cancel-appointment?appointmentId=${ID}`,
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${VISIT}`]: () => apiError('NOT_FOUND', 404) },
    });
    expect(await screen.findByRole('heading', { name: 'We can’t find this visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your visits' })).toHaveAttribute('href', '/service-appointments');
  });
});
