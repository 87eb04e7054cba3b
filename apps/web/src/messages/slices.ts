import type { Locale } from '@vireo/shared';
import { getCurrentLocale } from '../lib/locale';
import type { Messages } from '.';

/**
 * The production build's message slices (build/message-slices.ts): the core catalog at bootstrap, and each lazily
 * imported module's own messages with its chunk. Without the map in index.html (development, unit tests) nothing
 * here applies and the whole catalogs load (index.ts).
 */
type SliceMap = {
  core: Record<Locale, string>;
  /** The ids many lazy modules name, in one slice fetched with the first of them (build/message-slices.ts). */
  common?: Record<Locale, string>;
  /** The lazy modules that need the common slice. */
  withCommon?: string[];
  /** The ids no module names: with the others, the whole catalog (build/message-slices.ts). */
  rest?: Record<Locale, string>;
  slices: Record<string, Record<Locale, string>>;
};

/** The element build/message-slices.ts writes into index.html (SLICE_MAP_ELEMENT_ID there). */
const SLICE_MAP_ELEMENT_ID = 'vireo-message-slices';

function readSliceMap(): SliceMap | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(SLICE_MAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SliceMap;
  } catch {
    return null;
  }
}

let sliceMap = readSliceMap();

/** Per language, every message loaded so far: the object react-intl reads, so that later slices join it in place. */
const loaded: Partial<Record<Locale, Messages>> = {};
/** The lazily imported modules whose slices the app has asked for (in any language): a language switch loads them. */
const requested = new Set<string>();

export function hasMessageSlices(): boolean {
  return sliceMap !== null;
}

/** Slices asked for, by URL: two modules importing the same one (or two lazy parts of one chunk) fetch it once. */
const fetched = new Map<string, Promise<Partial<Messages>>>();

/** A slice file, fetched once however many lazy parts ask for it. */
function fetchSlice(url: string): Promise<Partial<Messages>> {
  let slice = fetched.get(url);
  if (!slice) {
    slice = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`Messages ${url}: HTTP ${response.status}`);
      const messages = (await response.json()) as Record<string, unknown>;
      // a plain-text message ships as its text (build/message-slices.ts `shipped`): back to its one literal element
      for (const [id, message] of Object.entries(messages)) {
        if (typeof message === 'string') messages[id] = [{ type: 0, value: message }];
      }
      return messages as unknown as Partial<Messages>;
    });
    fetched.set(url, slice);
    // a failure is not kept: the next request for the slice tries again
    slice.catch(() => fetched.delete(url));
  }
  return slice;
}

function messagesOf(locale: Locale): Messages {
  loaded[locale] ??= {} as Messages;
  return loaded[locale];
}

/** Adds messages (a slice, or a whole catalog after a miss) to the language's loaded messages. */
export function addMessages(locale: Locale, messages: Partial<Messages>): Messages {
  return Object.assign(messagesOf(locale), messages);
}

/** Bootstrap and language switch: the core slice and every slice asked for so far, in `locale`. */
export async function loadSlicedMessages(locale: Locale): Promise<Messages> {
  const map = sliceMap;
  if (!map) throw new Error('No message slices in this build');
  const lazy = [...requested].map((module) => map.slices[module]?.[locale]);
  const needsCommon = [...requested].some((module) => map.withCommon?.includes(module));
  const urls = [map.core[locale], ...(needsCommon ? [map.common?.[locale]] : []), ...lazy];
  const parts = await Promise.all(urls.filter((url): url is string => Boolean(url)).map(fetchSlice));
  for (const part of parts) addMessages(locale, part);
  return messagesOf(locale);
}

/**
 * A message missing all the same (an id the build's scan could not see): every slice of `locale`, the rest among them,
 * which together hold the whole catalog. The production build ships no whole catalog beside them.
 */
export async function loadEveryMessage(locale: Locale): Promise<Messages> {
  const map = sliceMap;
  if (!map) throw new Error('No message slices in this build');
  const urls = [map.core, map.common, map.rest, ...Object.values(map.slices)].map((urls) => urls?.[locale]);
  const parts = await Promise.all(urls.filter((url): url is string => Boolean(url)).map(fetchSlice));
  for (const part of parts) addMessages(locale, part);
  return messagesOf(locale);
}

/**
 * Every `import()` of src/ goes through here in the build: the module arrives with its messages in the current
 * language, so a lazy screen never renders before its texts.
 */
export function withMessages<T>(module: Promise<T>, key: string): Promise<T> {
  const urls = sliceMap?.slices[key];
  if (!urls) return module;
  requested.add(key);
  const locale = getCurrentLocale();
  const common = sliceMap?.withCommon?.includes(key) ? sliceMap.common?.[locale] : undefined;
  const slices = [urls[locale], common].filter((url): url is string => Boolean(url));
  return Promise.all([module, ...slices.map((url) => fetchSlice(url).then((part) => addMessages(locale, part)))]).then(
    ([loadedModule]) => loadedModule,
  );
}

/** Tests: a map as index.html would carry it (null: none), and nothing loaded. */
export function resetMessageSlicesForTests(map: SliceMap | null): void {
  sliceMap = map;
  requested.clear();
  fetched.clear();
  for (const locale of Object.keys(loaded) as Locale[]) delete loaded[locale];
}
