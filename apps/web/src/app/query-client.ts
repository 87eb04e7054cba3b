import { QueryClient } from '@tanstack/react-query';
import { AppError } from '@vireo/shared';

/** Only a temporarily unavailable service is worth retrying; every other code answers the same way again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && AppError.is(error) && error.code === 'SERVICE_UNAVAILABLE';
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: options.retry === false ? false : shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
