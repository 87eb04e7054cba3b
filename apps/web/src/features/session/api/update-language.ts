import { LANGUAGE_PATH, type Locale } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Remembers the user's language on the server; the profile's language wins at the next sign-in. */
export async function updateLanguage(language: Locale): Promise<void> {
  await apiRequest(LANGUAGE_PATH, { method: 'PUT', body: { language }, schema: z.unknown() });
}
