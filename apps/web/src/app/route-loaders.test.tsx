import { screen, waitFor } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  AUTOPAY_PATH,
  BILLING_SUMMARY_PATH,
  defaultFlags,
  FLAGS_PATH,
  STATEMENT_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { harborStatus } from '../features/autopay/testing/autopay-fixtures';
import { HARBOR_ACCOUNT } from '../test/accounts';
import { harborStatement, harborSummary } from '../test/billing';
import { jsonResponse, testProfile } from '../test/fake-api';
import { renderApp } from '../test/render-app';

/** A response the test releases when it wants (the flags, here). */
function held(body: unknown) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: () => released.then(() => jsonResponse(body)), release };
}

describe('route data starts with the route, not after its screen and the flags (docs/performance.md)', () => {
  it('the billing home asks for its summary and Auto Pay status while the flags load, and renders once they are there', async () => {
    const flags = held(defaultFlags('dev'));
    const { fetchMock } = await renderApp({
      path: '/billing',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${FLAGS_PATH}`]: flags.handler,
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
        [`GET ${AUTOPAY_PATH}`]: harborStatus(),
      },
    });
    await waitFor(() => expect(fetchMock.requestsTo(FLAGS_PATH)).toHaveLength(1));
    // The Auto Pay status belongs to the failed-draft banner, which renders only after the flags: the loader asked.
    await waitFor(() => expect(fetchMock.requestsTo(AUTOPAY_PATH)).toHaveLength(1));
    expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(1);
    // The loader waits for the flags the page reads: no page, and no placeholder page that the flags would replace.
    expect(screen.queryByRole('heading', { level: 1, name: 'Billing' })).not.toBeInTheDocument();

    flags.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await screen.findByTestId('amount-due');
    // each asked for once: the components reuse what the loader started
    expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(1);
    expect(fetchMock.requestsTo(AUTOPAY_PATH)).toHaveLength(1);
  });

  it('the account summary asks for the account and, with billing access, the balance, each once', async () => {
    const flags = held(defaultFlags('dev'));
    const { fetchMock } = await renderApp({
      path: '/account-summary',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${FLAGS_PATH}`]: flags.handler,
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeVisible();
    await waitFor(() => expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(1));
    expect(fetchMock.requestsTo(ACCOUNTS_PATH)).toHaveLength(1);
    flags.release();
    await screen.findByTestId('amount-due');
    expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(1);
  });

  it('the statement detail asks for its statement once', async () => {
    const statement = harborStatement();
    const path = STATEMENT_PATH.replace(':statementId', statement.id);
    const { fetchMock } = await renderApp({
      path: `/billing/view-statements/${statement.id}`,
      profile: testProfile('BILLING'),
      routes: { [`GET ${path}`]: statement },
    });
    await screen.findByTestId('statement-total');
    expect(fetchMock.requestsTo(path)).toHaveLength(1);
  });
});
