import { useMutation } from '@tanstack/react-query';
import { SUBSCRIPTION_CANCEL_PATH, type Subscription, SubscriptionSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type CancelSubscriptionInput = { subscriptionId: string; idempotencyKey: string };

export function subscriptionCancelPath(subscriptionId: string): string {
  return SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', encodeURIComponent(subscriptionId));
}

/** Cancels a streaming subscription: it is not charged on any later statement. Answers the updated subscription. */
export function cancelSubscription({ subscriptionId, idempotencyKey }: CancelSubscriptionInput): Promise<Subscription> {
  return apiRequest(subscriptionCancelPath(subscriptionId), {
    method: 'POST',
    body: {},
    schema: SubscriptionSchema,
    idempotencyKey,
  });
}

export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}
