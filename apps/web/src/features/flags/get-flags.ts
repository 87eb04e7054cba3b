import { defaultFlags, FLAG_NAMES, FLAGS_PATH, type FlagName, type FlagValues } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const FlagsResponseSchema = z.record(z.string(), z.boolean());

/** What a flag is when the server cannot say: its production default (product-decisions.md). */
export const FALLBACK_FLAGS: Readonly<FlagValues> = Object.freeze(defaultFlags('prod'));

export function isFlagName(value: string): value is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(value);
}

/** GET the flags resolved for this environment; a flag the server leaves out keeps its production default. */
export async function getFlags(signal?: AbortSignal): Promise<FlagValues> {
  const response = await apiRequest(FLAGS_PATH, { schema: FlagsResponseSchema, signal });
  const values: FlagValues = { ...FALLBACK_FLAGS };
  for (const [name, value] of Object.entries(response)) if (isFlagName(name)) values[name] = value;
  return values;
}
