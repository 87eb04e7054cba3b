import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { portalConfigQueryOptions } from './entities/api/get-portal-config';
import { recordPageView } from './lib/analytics/record';
import { startAnalyticsAfterLoad } from './lib/analytics/start';
import { applyLocale, getCurrentLocale, resolveInitialLocale } from './lib/locale';
import { loadMessages } from './messages';
import './styles.css';

async function bootstrap(): Promise<void> {
  const locale = resolveInitialLocale();
  applyLocale(locale);
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  // The portal configuration (brand, title) loads while the catalog does, and so does the first page: its guard (the
  // session profile), its chunk and its data start now rather than once the catalog is here and React has mounted.
  void queryClient.prefetchQuery(portalConfigQueryOptions());
  // spec §7.3: a page view by its route template (`/billing/view-statements/$statementId`), never its ids
  router.subscribe('onResolved', () => {
    const leaf = router.state.matches.at(-1);
    const page = leaf && leaf.routeId !== '__root__' ? leaf.routeId : '/not-found';
    recordPageView({ at: new Date().toISOString(), page, lang: getCurrentLocale() });
  });
  startAnalyticsAfterLoad(async () => (await queryClient.fetchQuery(portalConfigQueryOptions())).variant);
  void router.load().catch(() => undefined);
  const messages = await loadMessages(locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} initialLocale={locale} initialMessages={messages} />
    </StrictMode>,
  );
}

void bootstrap();
