import { screen } from '@testing-library/react';
import {
  ANALYTICS_MY_EVENTS_PATH,
  ANALYTICS_PRIVACY_PATH,
  type Locale,
  type MyAnalyticsEvent,
  type MyAnalyticsPage,
  type PrivacyChoice,
  type PrivacySettings,
} from '@vireo/shared';
import { type FakeApiOptions, type FakeRequest, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderApp } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PrivacyPage } from '../components/privacy-page';

export const SETTINGS_PATH = ANALYTICS_PRIVACY_PATH;
export const EVENTS_PATH = ANALYTICS_MY_EVENTS_PATH;

/** Usage analytics on, no Global Privacy Control: everything is kept from this browser. */
export const SETTINGS: PrivacySettings = { usageAnalytics: true, globalPrivacyControl: false, collecting: 'all' };

const kept = (id: number, receivedAt: string, event: MyAnalyticsEvent['event']): MyAnalyticsEvent => ({
  id: `3e4f5a6b-7c8d-4e9f-8a0b-00000000000${id}`,
  receivedAt,
  event,
});

/** The person's API call that failed (404), with its trace id. */
export const CALL = kept(1, '2026-11-21T15:30:05.000Z', {
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
/** The error the portal showed for it. */
export const ERROR = kept(2, '2026-11-21T15:30:04.000Z', {
  type: 'error',
  at: '2026-11-21T15:30:04.000Z',
  code: 'NOT_FOUND',
  clientCode: null,
  personalSecurityCode: false,
  traceId: 'b7ad6b7169203331',
});
/** A page viewed in Spanish (no trace id: a page view has none). */
export const VIEW = kept(3, '2026-11-21T15:29:58.000Z', {
  type: 'page_view',
  at: '2026-11-21T15:29:57.000Z',
  page: '/billing/view-statements/$statementId',
  lang: 'es',
});

export const eventsPage = (
  items: MyAnalyticsEvent[],
  { nextCursor = null, previousCursor = null, total = items.length }: Partial<Omit<MyAnalyticsPage, 'items'>> = {},
): MyAnalyticsPage => ({ items, nextCursor, previousCursor, total });

/**
 * A server that keeps the choice: the GET answers it, the PUT changes it (GPC, when the browser sends it, limits what
 * is kept whatever the choice). `fail` makes the PUT fail.
 */
export function privacyServer(initial: PrivacySettings = SETTINGS, fail?: () => Response) {
  let settings = initial;
  return {
    [`GET ${SETTINGS_PATH}`]: () => jsonResponse(settings),
    [`PUT ${SETTINGS_PATH}`]: (request: FakeRequest) => {
      if (fail) return fail();
      const { usageAnalytics } = request.body as PrivacyChoice;
      settings = {
        ...settings,
        usageAnalytics,
        collecting: usageAnalytics && !settings.globalPrivacyControl ? 'all' : 'operational',
      };
      return jsonResponse(settings);
    },
  };
}

/** The privacy page with the app's providers (no router: the route is the route table's) in `locale`, on a fake API. */
export async function renderPrivacyPage(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <PrivacyPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Privacidad' : 'Privacy' });
  return { api, user: rendered.user, queryClient: rendered.queryClient };
}

/** /profile-and-settings in the whole app, signed in as a standard user (the Privacy section is for every role). */
export async function renderProfileSettings(routes: FakeApiOptions['routes']) {
  const rendered = await renderApp({ path: '/profile-and-settings', profile: testProfile('STANDARD'), routes });
  await screen.findByRole('heading', { level: 1, name: /Profile & Settings|Perfil y configuración/ });
  return rendered;
}
