import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@vireo/shared';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../app/providers/locale-provider';
import { createQueryClient } from '../app/query-client';
import { applyLocale } from '../lib/locale';
import { loadMessages } from '../messages';
import { trackRenderedApp } from './rendered-apps';

/** Renders a component with the app's providers but no router (for components that do not navigate). */
export async function renderWithProviders(
  ui: ReactNode,
  { queryClient = createQueryClient({ retry: false }), locale = 'en' as Locale } = {},
) {
  applyLocale(locale);
  trackRenderedApp({ queryClient });
  const messages = await loadMessages(locale);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <LocaleProvider initialLocale={locale} initialMessages={messages}>
        {ui}
      </LocaleProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient: queryClient as QueryClient };
}
