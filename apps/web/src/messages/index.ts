import type { Locale } from '@vireo/shared';
import type en from './en';
import { hasMessageSlices, loadSlicedMessages } from './slices';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

// One chunk per language: a visitor downloads only the catalog they read (en.ts and es.ts gather the core and
// feature catalogs; es.ts is typed `Messages`, so a Spanish catalog missing an English key does not compile).
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.default),
  es: () => import('./es').then((module) => module.default),
};

/**
 * The messages the app starts with in `locale`. The production build loads only the core slice (and the slices of
 * the screens already loaded, on a language switch); lazy modules bring their own (slices.ts). Elsewhere: the catalog.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  return hasMessageSlices() ? loadSlicedMessages(locale) : loaders[locale]();
}

/** The whole catalog of `locale`, whatever the build. */
export function loadCatalog(locale: Locale): Promise<Messages> {
  return loaders[locale]();
}
