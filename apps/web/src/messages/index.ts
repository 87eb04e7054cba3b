import type { Locale } from '@vireo/shared';
import type en from './en';
import { hasMessageSlices, loadSlicedMessages } from './slices';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

// Development and unit tests: one chunk per language (en.ts and es.ts gather the core and feature catalogs; es.ts is
// typed `Messages`, so a Spanish catalog missing an English key does not compile). The production build has no
// whole catalog: `import.meta.env.PROD` drops these imports, and its slices hold every message (slices.ts).
const loaders: Record<Locale, () => Promise<Messages>> | null = import.meta.env.PROD
  ? null
  : {
      en: () => import('./en').then((module) => module.default),
      es: () => import('./es').then((module) => module.default),
    };

/**
 * The messages the app starts with in `locale`. The production build loads only the core slice (and the slices of
 * the screens already loaded, on a language switch); lazy modules bring their own (slices.ts). Elsewhere: the catalog.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  if (hasMessageSlices() || !loaders) return loadSlicedMessages(locale);
  return loaders[locale]();
}
