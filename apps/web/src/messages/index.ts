import type { Locale } from '@vireo/shared';
import type en from './en.json';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

// One chunk per language: a visitor downloads only the catalog they read. Assigning es.json to `Messages`
// also makes the type checker reject a Spanish catalog that misses an English key.
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./en.json').then((module) => module.default),
  es: () => import('./es.json').then((module) => module.default),
};

export function loadMessages(locale: Locale): Promise<Messages> {
  return loaders[locale]();
}
