import { queryRoots } from '../../../entities/query-keys';
import type { HistoryFilter } from '../utils/billing-paths';

/** Query keys of the billing feature. */
export const billingKeys = {
  all: queryRoots.billing,
  summary: () => [...billingKeys.all, 'summary'] as const,
  delinquencySchedule: () => [...billingKeys.all, 'delinquency-schedule'] as const,
  statements: (cursor: string | undefined) => [...billingKeys.all, 'statements', { cursor }] as const,
  statement: (statementId: string) => [...billingKeys.all, 'statement', statementId] as const,
  activity: (filter: HistoryFilter, cursor: string | undefined) =>
    [...billingKeys.all, 'activity', { ...filter, cursor }] as const,
  payments: (filter: HistoryFilter, cursor: string | undefined) =>
    [...billingKeys.all, 'payments', { ...filter, cursor }] as const,
  charges: (filter: HistoryFilter, cursor: string | undefined) =>
    [...billingKeys.all, 'charges', { ...filter, cursor }] as const,
};
