import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { Locale } from '@vireo/shared';
import type { Messages } from '../messages';
import { LocaleProvider } from './providers/locale-provider';
import type { AppRouter } from './router';

type AppProps = {
  router: AppRouter;
  queryClient: QueryClient;
  initialLocale: Locale;
  initialMessages: Messages;
};

export function App({ router, queryClient, initialLocale, initialMessages }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider initialLocale={initialLocale} initialMessages={initialMessages}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>
  );
}
