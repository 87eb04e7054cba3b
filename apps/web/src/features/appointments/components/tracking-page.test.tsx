import { screen, within } from '@testing-library/react';
import {
  type Appointment,
  type Availability,
  CSRF_PATH,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_PATH,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_VERIFY_PATH,
  type TrackedVisit,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeRequest, jsonResponse, noContent } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001.1795582800.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const RENEWED = '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001.1795669200.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

/** Harbor's repair as the tracking route answers it (tracking.int.test.ts). */
function tracked(patch: Partial<Appointment> = {}, token = TOKEN): TrackedVisit {
  return {
    visit: {
      id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001',
      orderId: 'ORD-4471-2208',
      jobId: 'JOB-88213',
      type: 'repair',
      status: 'scheduled',
      windowStart: '2026-11-24T13:00:00.000Z',
      windowEnd: '2026-11-24T15:00:00.000Z',
      timeZone: 'America/New_York',
      address: { addressLine1: '120 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
      technician: 'Grace Kim',
      etaAt: null,
      cancelReason: null,
      canChange: true,
      ...patch,
    },
    token,
    expiresAt: '2026-11-25T05:00:00.000Z',
  };
}

const AVAILABILITY: Availability = {
  days: [
    {
      date: '2026-11-26',
      windows: [13, 15].map((hour) => ({
        start: `2026-11-26T${hour}:00:00.000Z`,
        end: `2026-11-26T${hour + 2}:00:00.000Z`,
        available: true,
      })),
    },
  ],
};

function render(routes: Record<string, (request: FakeRequest) => Response>, token = TOKEN) {
  return renderApp({
    path: `/appointment-tracking?token=${token}`,
    routes: { [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' }, ...routes },
  });
}

describe('tracking a visit without sign-in (issue 20 item 3)', () => {
  it('shows the visit the link names; a change asks for the service ZIP first, then moves it and renews the link', async () => {
    const { user, fetchMock, router } = await render({
      [`POST ${TRACKING_PATH}`]: () => jsonResponse(tracked()),
      [`POST ${TRACKING_VERIFY_PATH}`]: ({ body }) =>
        (body as { zip: string }).zip === '04101'
          ? noContent()
          : jsonResponse(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'x',
                  requestId: 'r',
                  fields: [{ path: 'body.zip', code: 'appointments.zip.mismatch' }],
                },
              },
              400,
            ),
      [`POST ${TRACKING_AVAILABILITY_PATH}`]: () => jsonResponse(AVAILABILITY),
      [`POST ${TRACKING_RESCHEDULE_PATH}`]: () =>
        jsonResponse(
          tracked({ windowStart: '2026-11-26T15:00:00.000Z', windowEnd: '2026-11-26T17:00:00.000Z' }, RENEWED),
        ),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Repair' });
    const card = heading.closest('article') as HTMLElement;
    expect(card).toHaveTextContent('Tuesday, November 24, 2026, 8:00 AM to 10:00 AM');
    expect(fetchMock.requestsTo(TRACKING_PATH, 'POST')[0]?.body).toEqual({ token: TOKEN });
    // a visitor's POST carries the anti-forgery pair, asked for first (no session gives one)
    expect(fetchMock.requestsTo(CSRF_PATH, 'GET').length).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations();

    await user.click(within(card).getByRole('button', { name: 'Change the time' }));
    const zip = within(card).getByRole('textbox', { name: 'Service address ZIP code' });
    await user.type(zip, '97205');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText(/isn’t the ZIP code of this visit’s address/)).toBeInTheDocument();
    expect(fetchMock.requestsTo(TRACKING_AVAILABILITY_PATH, 'POST')).toHaveLength(0);

    await user.clear(zip);
    await user.type(zip, '04101');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await user.click(await within(card).findByRole('radio', { name: '10:00 AM to 12:00 PM' }));
    await user.click(within(card).getByRole('button', { name: 'Move the visit' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(/new time/);
    expect(card).toHaveTextContent('Thursday, November 26, 2026, 10:00 AM to 12:00 PM');
    expect(fetchMock.requestsTo(TRACKING_RESCHEDULE_PATH, 'POST')[0]?.body).toEqual({
      token: TOKEN,
      zip: '04101',
      windowStart: '2026-11-26T15:00:00.000Z',
    });
    // the address bar carries the renewed link, so a reload after the move still works
    expect(router.state.location.search).toEqual({ token: RENEWED });
  });

  it('says when the link has expired, and when it names no visit', async () => {
    await render({ [`POST ${TRACKING_PATH}`]: () => apiError('LINK_EXPIRED', 410) });
    expect(await screen.findByRole('heading', { name: 'This tracking link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see all your visits' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations();
  });

  it('says a link without its token names no visit, without asking the server', async () => {
    const { fetchMock } = await renderApp({ path: '/appointment-tracking' });
    expect(await screen.findByRole('heading', { name: 'We can’t find this visit' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(TRACKING_PATH, 'POST')).toHaveLength(0);
  });
});
