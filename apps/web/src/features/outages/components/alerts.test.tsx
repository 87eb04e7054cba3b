import { screen, within } from '@testing-library/react';
import {
  ACCOUNT_SERVICES_PATH,
  ACCOUNTS_PATH,
  ALERTS_PATH,
  type Alert,
  BILLING_SUMMARY_PATH,
  SERVICES_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/** Riverbend's outage and Harbor's maintenance as the alerts route answers them (alerts.int.test.ts). */
const OUTAGE: Alert = {
  id: 'OUT-24117:service-address',
  pid: 'OUT-24117',
  type: 'outage',
  severity: 'warning',
  body: 'Internet outage in Downtown Orlando, FL: a crew is on the way. Estimated restoration Saturday, November 21 at 1:00 PM (medium confidence). Reference OUT-24117.',
  estimatedResolution: '2026-11-21T18:00:00.000Z',
  link: null,
  action: null,
  stage: 'crew_dispatched',
  confidence: 'medium',
  active: true,
  startsAt: '2026-11-21T12:50:00.000Z',
};
const MAINTENANCE: Alert = {
  ...OUTAGE,
  id: 'MNT-3306:service-address',
  pid: 'MNT-3306',
  type: 'other',
  severity: 'info',
  body: 'Planned Internet and Phone maintenance in Portland waterfront, ME: Saturday, November 28 at 12:00 AM to 6:00 AM.',
  stage: 'scheduled',
  confidence: null,
  active: false,
};

const alertsRoute = (alerts: Alert[]) => ({
  [`GET ${ALERTS_PATH}`]: ({ search }: FakeRequest) =>
    jsonResponse({ alerts: alerts.map((alert) => ({ ...alert, body: `${alert.body} [${search}]` })) }),
});

describe('alerts of the account’s address (issue 20 item 6)', () => {
  it('shows the account summary every alert first, in the page’s language, and no banner there (spec §2.4)', async () => {
    await renderApp({
      path: '/account-summary',
      profile: testProfile('PRIMARY'),
      routes: {
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${ACCOUNT_SERVICES_PATH}`]: { services: [] },
        [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
        ...alertsRoute([OUTAGE, MAINTENANCE]),
      },
    });
    const section = await screen.findByRole('region', { name: 'Alerts' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Outage at your address${OUTAGE.body} [?lang=en]`,
      `Planned maintenance at your address${MAINTENANCE.body} [?lang=en]`,
    ]);
    expect(screen.queryByRole('region', { name: 'Warning' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('draws the account summary’s cards only once the alerts are answered, so an alert never pushes them down', async () => {
    let answerAlerts: (response: Response) => void = () => undefined;
    const alerts = new Promise<Response>((resolve) => {
      answerAlerts = resolve;
    });
    const { fetchMock } = await renderApp({
      path: '/account-summary',
      profile: testProfile('PRIMARY'),
      routes: {
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${ACCOUNT_SERVICES_PATH}`]: { services: [] },
        [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
        [`GET ${ALERTS_PATH}`]: () => alerts,
      },
    });
    expect(await screen.findByText('Welcome, Hannah')).toBeVisible();
    await expect.poll(() => fetchMock.requestsTo(BILLING_SUMMARY_PATH, 'GET').length).toBeGreaterThan(0);
    // the balance is in, the alerts are not: nothing under the greeting yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('amount-due')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();

    answerAlerts(jsonResponse({ alerts: [MAINTENANCE] }));
    const section = await screen.findByRole('region', { name: 'Alerts' });
    const amount = await screen.findByTestId('amount-due');
    // the alerts come first, above the bill
    expect(section.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('draws the account summary’s cards at the alerts’ first failure, not after their retries', async () => {
    const { fetchMock } = await renderApp({
      path: '/account-summary',
      profile: testProfile('PRIMARY'),
      routes: {
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${ACCOUNT_SERVICES_PATH}`]: { services: [] },
        [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
        [`GET ${ALERTS_PATH}`]: () => apiError('SERVICE_UNAVAILABLE', 503),
      },
    });
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$289.47');
    // the route's loader asked, the page asked again as it mounted (the first answer was a failure); the query's own
    // retries of SERVICE_UNAVAILABLE come a second and three seconds later: the cards did not wait for them
    expect(fetchMock.requestsTo(ALERTS_PATH, 'GET').length).toBeLessThanOrEqual(2);
    expect(screen.queryByRole('region', { name: 'Alerts' })).not.toBeInTheDocument();
  });

  it('puts the outage under way in the banner of the other signed-in pages', async () => {
    await renderApp({
      path: '/services',
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${SERVICES_PATH}`]: { services: [] }, ...alertsRoute([MAINTENANCE, OUTAGE]) },
    });
    const banner = await screen.findByRole('region', { name: 'Warning' });
    expect(banner).toHaveTextContent(OUTAGE.body);
    expect(banner).not.toHaveTextContent('Planned');
  });

  it('shows no banner when only maintenance is announced, or when the alerts cannot be read', async () => {
    for (const answer of [() => jsonResponse({ alerts: [MAINTENANCE] }), () => apiError('SERVICE_UNAVAILABLE', 503)]) {
      const { unmount, fetchMock } = await renderApp({
        path: '/services',
        profile: testProfile('PRIMARY'),
        routes: { [`GET ${SERVICES_PATH}`]: { services: [] }, [`GET ${ALERTS_PATH}`]: answer },
      });
      await expect.poll(() => fetchMock.requestsTo(ALERTS_PATH, 'GET').length).toBeGreaterThan(0);
      expect(screen.queryByRole('region', { name: /Warning|Information/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});
