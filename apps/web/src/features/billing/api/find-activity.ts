import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_PATH, ActivityPageSchema } from '@vireo/shared';
import type { z } from 'zod';
import type { HistoryFilter } from '../utils/billing-paths';
import { billingKeys } from './billing-keys';
import { historyQueryOptions } from './history-query';

export type ActivityPage = z.infer<typeof ActivityPageSchema>;
export type ActivityItem = ActivityPage['items'][number];

export function activityQueryOptions(filter: HistoryFilter, cursor: string | undefined) {
  return historyQueryOptions(ACTIVITY_PATH, ActivityPageSchema, billingKeys.activity(filter, cursor), filter, cursor);
}

export function useActivity(filter: HistoryFilter, cursor: string | undefined, enabled = true) {
  return useQuery({ ...activityQueryOptions(filter, cursor), enabled });
}
