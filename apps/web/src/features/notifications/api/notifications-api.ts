import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PATH,
  type NotificationChoice,
  type NotificationSettings,
  type NotificationSettingsRequest,
  NotificationSettingsSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { NotificationChoice, NotificationSettings };

/** Query keys of the notifications section (no other feature reads them). */
export const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

/** The user's choices (the events of their role), their mobile number, and the quiet hours of texts. */
export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.settings(),
      queryFn: ({ signal }) => apiRequest(NOTIFICATIONS_PATH, { schema: NotificationSettingsSchema, signal }),
    }),
  );
}

/** Every choosable event the GET listed (security notices are never sent: they cannot be changed). */
export function saveNotificationSettings(request: NotificationSettingsRequest): Promise<NotificationSettings> {
  return apiRequest(NOTIFICATIONS_PATH, { method: 'PUT', body: request, schema: NotificationSettingsSchema });
}
