import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_CONFIG_PATH, type PortalConfigResponse } from '@vireo/shared';
import { vi } from 'vitest';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { applyLocale, resolveInitialLocale } from '../lib/locale';
import { loadMessages } from '../messages';

export const TEST_PORTAL_CONFIG: PortalConfigResponse = {
  brandName: 'Vireo Business',
  variant: 'business',
  environment: 'dev',
  documentTitle: 'Vireo Business | My Account',
  appVersion: '13.22.0-rc.0',
  requirementsVersion: '2.3120',
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API: the portal configuration, and 404 for anything else. Returns the mock to inspect calls. */
export function stubApi(config: PortalConfigResponse = TEST_PORTAL_CONFIG) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith(PORTAL_CONFIG_PATH)) return jsonResponse(config);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type RenderAppOptions = {
  path?: string;
  config?: PortalConfigResponse;
};

/** Renders the whole shell at `path`, choosing the locale the way main.tsx does (stored choice, browser, en). */
export async function renderApp({ path = '/', config }: RenderAppOptions = {}) {
  const fetchMock = stubApi(config);
  const locale = resolveInitialLocale();
  applyLocale(locale);
  const queryClient = createQueryClient({ retry: false });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const messages = await loadMessages(locale);
  const user = userEvent.setup();
  const result = render(
    <App router={router} queryClient={queryClient} initialLocale={locale} initialMessages={messages} />,
  );
  return { ...result, router, user, fetchMock, queryClient };
}
