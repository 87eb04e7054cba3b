import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { applyLocale, resolveInitialLocale } from '../lib/locale';
import { loadMessages } from '../messages';
import { type FakeApiOptions, stubApi } from './fake-api';
import { trackRenderedApp } from './rendered-apps';

export { stubApi, TEST_PORTAL_CONFIG } from './fake-api';

type RenderAppOptions = FakeApiOptions & {
  path?: string;
};

/**
 * Renders the whole shell at `path` over a fake API (fake-api.ts), choosing the locale the way main.tsx does (stored
 * choice, browser, en).
 */
export async function renderApp({ path = '/', ...api }: RenderAppOptions = {}) {
  const fetchMock = stubApi(api);
  const locale = resolveInitialLocale();
  applyLocale(locale);
  const queryClient = createQueryClient({ retry: false });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  trackRenderedApp({ router, queryClient });
  const messages = await loadMessages(locale);
  const user = userEvent.setup();
  const result = render(
    <App router={router} queryClient={queryClient} initialLocale={locale} initialMessages={messages} />,
  );
  return { ...result, router, user, fetchMock, queryClient };
}
