import { screen, within } from '@testing-library/react';
import { SPEED_TEST_RESULTS_PATH, type SpeedTestResult } from '@vireo/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import type { Figures } from '../utils/measure';

// the measurement itself is measure.test.ts's: here it answers at once, as a line of these figures would
const measured = vi.hoisted(() => ({ figures: null as Figures | null, error: null as unknown }));
vi.mock('../utils/measure', async (original) => ({
  ...(await original<typeof import('../utils/measure')>()),
  runSpeedTest: async (_io: unknown, _signal: AbortSignal, onProgress: (progress: unknown) => void) => {
    onProgress({ phase: 'download', kbps: 90_000 });
    if (measured.error) throw measured.error;
    return measured.figures;
  },
}));

const FIGURES: Figures = {
  downloadKbps: 95_400,
  uploadKbps: 18_200,
  idleLatencyMs: 14,
  loadedLatencyMs: 180,
  jitterMs: 3,
};

function resultOf(figures: Figures, verdict: SpeedTestResult['verdict'], id = 1): SpeedTestResult {
  return {
    id: `0b0e0c0a-0000-4000-8000-00000000000${id}`,
    at: '2026-11-21T15:00:00.000Z',
    ...figures,
    plan: { name: 'Business Internet Gig', downloadKbps: 1_000_000, uploadKbps: 35_000 },
    verdict,
    latencyRises: figures.loadedLatencyMs - figures.idleLatencyMs >= 100,
  };
}

function history(items: SpeedTestResult[]) {
  const saved: SpeedTestResult[] = [...items];
  return {
    saved,
    routes: {
      [`GET ${SPEED_TEST_RESULTS_PATH}`]: () => jsonResponse({ items: saved, nextCursor: null }),
      [`POST ${SPEED_TEST_RESULTS_PATH}`]: (request: FakeRequest) => {
        const result = resultOf(request.body as Figures, 'belowPlan', saved.length + 1);
        saved.unshift(result);
        return jsonResponse(result, 201);
      },
    },
  };
}

beforeEach(() => {
  measured.figures = FIGURES;
  measured.error = null;
});
afterEach(() => window.localStorage.removeItem(LOCALE_STORAGE_KEY));

describe('the speed test page (issue 21 item 7)', () => {
  it('runs a test, saves its figures and says plainly that Wi-Fi is the likely limit, then lists it', async () => {
    const { routes } = history([]);
    const { user, fetchMock } = await renderApp({
      path: '/services/internet/speed-test',
      profile: testProfile('STANDARD'),
      routes,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Speed Test' })).toBeInTheDocument();
    expect(await screen.findByText('No tests yet.')).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(result.querySelector('h2')).toHaveFocus();
    expect(result).toHaveTextContent('95.4 Mb/s');
    expect(result).toHaveTextContent('18.2 Mb/s');
    expect(result).toHaveTextContent('14 ms');
    expect(result).toHaveTextContent(
      'Slower than your plan (Business Internet Gig: up to 1,000 Mb/s down, 35 Mb/s up). With your service up, this is most often Wi-Fi or the device',
    );
    expect(result).toHaveTextContent('Latency rose from 14 ms to 180 ms while the line was busy');
    expect(within(result).getByRole('link', { name: 'Troubleshoot your internet' })).toHaveAttribute(
      'href',
      '/troubleshoot-stub',
    );
    const ticket = new URL(
      within(result).getByRole('link', { name: 'Write to support' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(ticket.searchParams.get('subject')).toBe('Slow internet: 95.4 Mb/s down, 18.2 Mb/s up');
    expect(fetchMock.requestsTo(SPEED_TEST_RESULTS_PATH, 'POST')[0]?.body).toEqual(FIGURES);
    const table = await screen.findByRole('table', { name: 'Speed tests, newest first' });
    expect(within(table).getByText('Below plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test again' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says when the line delivers the plan, and offers faster plans', async () => {
    const { routes } = history([]);
    const { user } = await renderApp({
      path: '/services/internet/speed-test',
      profile: testProfile('PRIMARY'),
      routes: {
        ...routes,
        [`POST ${SPEED_TEST_RESULTS_PATH}`]: (request: FakeRequest) =>
          jsonResponse(resultOf(request.body as Figures, 'planIsTheLimit'), 201),
      },
    });
    measured.figures = { ...FIGURES, downloadKbps: 940_000, loadedLatencyMs: 20 };
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(result).toHaveTextContent('You’re getting your plan’s speed');
    expect(result).not.toHaveTextContent('Latency rose');
    expect(within(result).getByRole('link', { name: 'See faster plans' })).toHaveAttribute('href', '/upgrade');
  });

  it('says when too many tests ran in a row, and when one did not finish', async () => {
    const { user } = await renderApp({
      path: '/services/internet/speed-test',
      profile: testProfile('PRIMARY'),
      routes: {
        ...history([]).routes,
        [`POST ${SPEED_TEST_RESULTS_PATH}`]: () => apiError('RATE_LIMITED', 429),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    expect(
      await screen.findByText('You’ve run several tests in a row. Wait a few minutes and try again.'),
    ).toBeInTheDocument();
    measured.error = new TypeError('network');
    await user.click(screen.getByRole('button', { name: 'Test again' }));
    expect(await screen.findByText('The test didn’t finish. Check your connection and try again.')).toBeInTheDocument();
  });

  it('reads in Spanish, the history too', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { routes } = history([resultOf(FIGURES, 'planIsTheLimit')]);
    await renderApp({ path: '/services/internet/speed-test', profile: testProfile('PRIMARY'), routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prueba de velocidad' })).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: 'Pruebas de velocidad, de la más reciente a la más antigua',
    });
    expect(within(table).getByText('Velocidad del plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar la prueba' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
