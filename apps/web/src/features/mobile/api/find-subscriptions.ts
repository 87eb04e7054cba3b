import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUBSCRIPTIONS_PATH, SubscriptionsSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { mobileKeys } from './mobile-keys';

export type Subscriptions = z.infer<typeof SubscriptionsSchema>;

export function findSubscriptions(signal?: AbortSignal): Promise<Subscriptions> {
  return apiRequest(SUBSCRIPTIONS_PATH, { schema: SubscriptionsSchema, signal });
}

/** The streaming subscriptions billed through the account, each with its charges (streaming transactions). */
export function useSubscriptions() {
  return useQuery(
    queryOptions({ queryKey: mobileKeys.subscriptions(), queryFn: ({ signal }) => findSubscriptions(signal) }),
  );
}
