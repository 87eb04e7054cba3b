import { queryOptions } from '@tanstack/react-query';
import { defaultFlags, FLAG_NAMES, FLAGS_PATH, type FlagName, type FlagValues } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const FlagsResponseSchema = z.record(z.string(), z.boolean());

/** What a flag is when the server cannot say: its production default (product-decisions.md). */
export const FALLBACK_FLAGS: Readonly<FlagValues> = Object.freeze(defaultFlags('prod'));

export function isFlagName(value: string): value is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(value);
}

/** GET the flags the server resolved (OpenFeature, modules/flags); a flag it leaves out keeps its production default. */
export async function getFlags(): Promise<FlagValues> {
  const response = await apiRequest(FLAGS_PATH, { schema: FlagsResponseSchema });
  const values: FlagValues = { ...FALLBACK_FLAGS };
  for (const [name, value] of Object.entries(response)) if (isFlagName(name)) values[name] = value;
  return values;
}

/**
 * The flags, read once per page load (ADR 023). If the call fails, every flag takes its production default for the
 * page's life, so a broken flags endpoint never switches on something production keeps off and never blocks a page.
 * No abort signal: a cancelled read must not be kept as the defaults.
 */
export function flagsQueryOptions() {
  return queryOptions({
    queryKey: ['flags'] as const,
    queryFn: (): Promise<FlagValues> => getFlags().catch(() => ({ ...FALLBACK_FLAGS })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
