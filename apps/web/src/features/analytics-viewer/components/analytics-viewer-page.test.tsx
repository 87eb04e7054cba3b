import { screen, within } from '@testing-library/react';
import {
  DEV_ANALYTICS_EVENTS_PATH,
  DEV_ANALYTICS_LOG_LINES_PATH,
  type DevAnalyticsPage,
  type DevLogLines,
  type Locale,
  type StoredAnalyticsEvent,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeApiOptions, type FakeRequest, jsonResponse, stubApi } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AnalyticsViewerPage } from './analytics-viewer-page';

const LIST = `GET ${DEV_ANALYTICS_EVENTS_PATH}`;
const LOG_LINES = `GET ${DEV_ANALYTICS_LOG_LINES_PATH}`;

const stored = (id: number, event: StoredAnalyticsEvent['event'], signedIn = true): StoredAnalyticsEvent => ({
  id: `7d3f0e2a-1b2c-4d5e-8f90-00000000000${id}`,
  receivedAt: '2026-11-21T15:30:05.000Z',
  variant: 'business',
  account: signedIn ? 'a1b2c3d4' : null,
  person: signedIn ? '0f9e8d7c' : null,
  event,
});

const CALL = stored(1, {
  type: 'api_call',
  at: '2026-11-21T15:30:04.000Z',
  method: 'GET',
  host: 'localhost:3000',
  path: '/api/pub/billing/v1/statements/:statementId',
  queryKeys: ['lang'],
  durationMs: 1234,
  status: 404,
  success: false,
  traceId: 'b7ad6b7169203331',
  platform: 'web',
});
const ERROR = stored(2, {
  type: 'error',
  at: '2026-11-21T15:30:04.500Z',
  code: 'NETPSC-0042',
  clientCode: 'NETPSC',
  personalSecurityCode: true,
  traceId: null,
});
const VIEW = stored(3, { type: 'page_view', at: '2026-11-21T15:30:03.000Z', page: '/billing', lang: 'es' }, false);

const pageOf = (items: StoredAnalyticsEvent[], nextCursor: string | null = null): DevAnalyticsPage => ({
  items,
  nextCursor,
  previousCursor: null,
});

async function renderViewer(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <AnalyticsViewerPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Eventos de analítica' : 'Analytics events' });
  return rendered.user;
}

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the analytics viewer (/dev/analytics, issue 23 item 2)', () => {
  it('shows each kept event: when, its kind, what it says, its trace id and its sender as pseudonyms', async () => {
    await renderViewer({ [LIST]: jsonResponse(pageOf([CALL, ERROR, VIEW])) });
    await screen.findByRole('table', { name: 'Events, newest first' });
    const [call, error, view] = rowsOf();
    expect(call).toHaveTextContent('Nov 21, 2026, 3:30:05 PM');
    expect(call).toHaveTextContent('API call');
    expect(call).toHaveTextContent('GET /api/pub/billing/v1/statements/:statementId');
    expect(call).toHaveTextContent('Status 404 · failed · 1,234 ms');
    expect(call).toHaveTextContent('Query: lang');
    expect(call).toHaveTextContent('b7ad6b7169203331');
    expect(call).toHaveTextContent('Account a1b2c3d4 · person 0f9e8d7c');
    expect(error).toHaveTextContent('NETPSC-0042');
    expect(error).toHaveTextContent('Client code NETPSC');
    expect(error).toHaveTextContent('Personal security code');
    expect(error).toHaveTextContent('None');
    expect(view).toHaveTextContent('/billing in Español');
    expect(view).toHaveTextContent('Not signed in');
    expect(screen.getByRole('table')).not.toHaveTextContent(/api_call|page_view|7d3f0e2a/);
  });

  it('filters by kind and trace id, pages older with the keyset pager, and clears', async () => {
    const requests: FakeRequest[] = [];
    const user = await renderViewer({
      [LIST]: (request) => {
        requests.push(request);
        const params = new URLSearchParams(request.search);
        return jsonResponse(params.get('cursor') ? pageOf([ERROR]) : pageOf([CALL], 'older-1'));
      },
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of event' }), 'API call');
    await user.type(screen.getByRole('textbox', { name: 'Trace ID' }), ' b7ad6b7169203331 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect.poll(() => requests.at(-1)?.search).toBe('?type=api_call&traceId=b7ad6b7169203331');
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await expect.poll(() => requests.at(-1)?.search).toBe('?type=api_call&traceId=b7ad6b7169203331&cursor=older-1');
    await within(screen.getByRole('table')).findByText('NETPSC-0042');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await expect.poll(() => requests.at(-1)?.search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Trace ID' })).toHaveValue('');
  });

  it('refuses a trace id the API could not have given on its field, without asking the server', async () => {
    const requests: FakeRequest[] = [];
    const user = await renderViewer({
      [LIST]: (request) => {
        requests.push(request);
        return jsonResponse(pageOf([CALL]));
      },
    });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Trace ID' }), 'no spaces; or quotes"');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const field = screen.getByRole('textbox', { name: 'Trace ID' });
    expect(field).toHaveAccessibleDescription(/Enter a trace ID of letters, digits, dashes and underscores/);
    expect(field).toHaveFocus();
    expect(requests).toHaveLength(1);
  });

  it('refreshes, says when there is nothing, and offers a retry when the events fail to load', async () => {
    let calls = 0;
    const user = await renderViewer({
      [LIST]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(pageOf([]))
          : calls === 2
            ? apiError('INTERNAL', 500)
            : jsonResponse(pageOf([VIEW]));
      },
    });
    expect(await screen.findByRole('heading', { name: 'No events to show' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await within(await screen.findByRole('table')).findByText('/billing in Español')).toBeInTheDocument();
  });

  it('offers a retry when the first page fails', async () => {
    await renderViewer({ [LIST]: () => apiError('INTERNAL', 500) });
    expect(await screen.findByRole('heading', { name: 'The events could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('finds a support code’s events and the server’s log lines of that call (item 4), the code read as typed', async () => {
    const requests: FakeRequest[] = [];
    const lines: DevLogLines = {
      supportCode: 'K7QM-2XPA',
      lines: [
        {
          time: '2026-11-21T15:30:04.100Z',
          level: 'info',
          message: 'incoming request',
          requestId: 'wbqmzkxtrpvhgfdsnmca',
          method: 'GET',
          url: '/api/pub/billing/v1/summary',
          statusCode: null,
          responseTimeMs: null,
          code: null,
        },
        {
          time: '2026-11-21T15:30:05.300Z',
          level: 'info',
          message: 'request completed',
          requestId: 'wbqmzkxtrpvhgfdsnmca',
          method: null,
          url: null,
          statusCode: 503,
          responseTimeMs: 1200.4,
          code: null,
        },
      ],
    };
    const user = await renderViewer({
      [LIST]: (request) => {
        requests.push(request);
        return jsonResponse(pageOf([CALL]));
      },
      [LOG_LINES]: (request) => {
        requests.push(request);
        return jsonResponse(lines);
      },
    });
    await screen.findByRole('table');
    const field = screen.getByRole('textbox', { name: 'Support code' });
    await user.type(field, 'k7qm2xpu');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(field).toHaveAccessibleDescription(/Enter a support code of 8 letters and digits/);
    await user.clear(field);
    await user.type(field, 'k7qm 2xpa');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const table = await screen.findByRole('table', { name: 'Server log lines of K7QM-2XPA' });
    expect(requests.map((request) => request.search)).toEqual(expect.arrayContaining(['?supportCode=K7QM-2XPA']));
    const [incoming, completed] = within(table).getAllByRole('row').slice(1);
    expect(incoming).toHaveTextContent('GET /api/pub/billing/v1/summary');
    expect(incoming).toHaveTextContent('incoming request');
    expect(completed).toHaveTextContent('Answered 503 in 1,200 ms');
    expect(screen.getByRole('table', { name: 'Events, newest first' })).toHaveTextContent('b7ad6b7169203331');
    await expectNoAxeViolations();
  });

  it.each<Locale>(['en', 'es'])('passes axe with the table, the pager and a field in error (%s)', async (locale) => {
    const user = await renderViewer({ [LIST]: jsonResponse(pageOf([CALL, ERROR, VIEW], 'older-1')) }, locale);
    await screen.findByRole('table');
    await expectNoAxeViolations();
    const field = screen.getByRole('textbox', { name: locale === 'en' ? 'Trace ID' : 'ID de rastreo' });
    await user.type(field, 'a b');
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Apply' : 'Aplicar' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations();
  });
});
