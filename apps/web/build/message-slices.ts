import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * Message catalogs split along the code (architecture.md: catalogs are compiled, one language downloaded).
 *
 * A page needs the messages its code names, not the whole catalog (915 messages, ~15 kB gzipped per language). In the
 * production build:
 * - every module of ours (src/, @vireo/shared) is scanned for the message ids it names (string literals, and
 *   `prefix.${…}` templates, which take every id of that prefix);
 * - the ids named by the entry's static imports are the core slice, which bootstrap loads instead of the catalog;
 * - each lazily imported module gets the slice of ids its own static imports name, minus the core ones and minus the
 *   common ones (named by COMMON_MIN_SLICES lazy modules or more: one common slice, not a copy in each), and each
 *   `import()` in src/ is wrapped so that the module's slice and the common slice (fetched once) in the current
 *   language arrive with its chunk (src/messages/slices.ts);
 * - the slices are compiled ICU (as the catalogs), content-hashed JSON files in assets/, one per language; index.html
 *   (never cached) carries the map from module to slice file.
 * - the ids no module names (unused ones, or ids the scan cannot see) are the rest slice of each language, so that
 *   core, common, rest and the lazy modules' slices hold every message of the catalog between them; the whole
 *   catalogs are not part of the build (src/messages/index.ts), and the bundle budgets check the union
 *   (scripts/bundle-budgets.mjs).
 * Development and unit tests keep the whole catalogs (no map in index.html). A message the scan missed still shows:
 * the locale provider then loads every slice of the language once, the rest among them
 * (src/app/providers/locale-provider.tsx).
 */

export type SliceMap = {
  core: Record<string, string>;
  /**
   * Language → the common slice: the ids that at least COMMON_MIN_SLICES lazy modules name (the form kit's, the
   * payment rules', the refusals'), fetched once with the first lazy module instead of repeated in each slice.
   */
  common?: Record<string, string>;
  /** The lazy modules that name common ids: only these fetch the common slice. */
  withCommon?: string[];
  /** Language → the ids no scanned module names: with core, common and every slice, the whole catalog. */
  rest?: Record<string, string>;
  /** Lazily imported module (path from the web app's folder) → language → slice URL (its ids less the common ones). */
  slices: Record<string, Record<string, string>>;
};

/**
 * An id named by this many lazy modules' slices or more goes into the common slice. Measured on the build of issue 17
 * (41 slices a language; ADR 012, amendment of 2026-11-27 evening): 6 moves 56 ids into a common slice of 1.6 kB and
 * takes the whole app from 467.8 to 439.7 kB, each main route's first load +0.8 to +1.5 kB (the common slice, less what
 * its own slices no longer repeat); 4 would take 431.6 kB and +2.6 kB a route (/billing/mobile/pay over 170 kB); 2, a
 * common slice of 7.2 kB on every first lazy load (the mobile LCP's path).
 */
export const COMMON_MIN_SLICES = 6;

export const SLICE_MAP_ELEMENT_ID = 'vireo-message-slices';

/**
 * A message as a slice ships it: its compiled ICU elements, or its text alone when it is plain text (one literal, no
 * argument), which is most of them: `"Save"` rather than `[{"type":0,"value":"Save"}]` (src/messages/slices.ts turns
 * it back into the literal element when the slice arrives). Every slice is smaller by it, the core slice of every
 * page's first load too (2026-12-02: 0.4 kB of a first load, ~4 kB of the whole app).
 */
export function shipped(text: string): string | ReturnType<typeof parse> {
  const elements = parse(text);
  const [first] = elements;
  if (elements.length === 0) return '';
  return elements.length === 1 && first?.type === TYPE.literal ? first.value : elements;
}

type Options = {
  /** The web app's folder (apps/web). */
  root: string;
  /** Language → its catalog: the module that gathers it (src/messages/en.ts) and the files it gathers. */
  catalogs: Record<string, { module: string; files: string[] }>;
  /** The runtime the wrapped imports call (src/messages/slices.ts). */
  runtime: string;
  /** Where the map is also written for the bundle budgets (file names relative to dist/). */
  report: string;
};

const LITERAL = /["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g;
const TEMPLATE_PREFIX = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(["'])([^"'`]+)\1\s*\)/g;

export function messageSlices(options: Options): Plugin {
  const { root, catalogs, runtime, report } = options;
  const src = join(root, 'src/');
  const catalogFiles = new Set(Object.values(catalogs).flatMap(({ module, files }) => [module, ...files]));
  const texts = Object.fromEntries(
    Object.entries(catalogs).map(([locale, { files }]) => [
      locale,
      Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')))) as Record<string, string>,
    ]),
  );
  const ids = Object.keys(Object.values(texts)[0] ?? {});
  const known = new Set(ids);
  const idsByModule = new Map<string, Set<string>>();

  const isAppModule = (id: string) =>
    id.startsWith(src) && !id.includes('?') && !catalogFiles.has(id) && id !== runtime;
  /** Our code, which may name message ids: src/ and the workspace packages (@vireo/shared's rules return ids). */
  const isScanned = (id: string) =>
    !id.includes('/node_modules/') &&
    !id.includes('?') &&
    !id.startsWith('\0') &&
    !catalogFiles.has(id) &&
    id !== runtime;

  function scan(code: string): Set<string> {
    const found = new Set<string>();
    for (const [, id] of code.matchAll(LITERAL)) if (id && known.has(id)) found.add(id);
    for (const [, prefix] of code.matchAll(TEMPLATE_PREFIX)) {
      if (prefix) for (const id of ids) if (id.startsWith(prefix)) found.add(id);
    }
    return found;
  }

  function sliceSource(locale: string, sliceIds: Iterable<string>): string {
    const catalog = texts[locale] ?? {};
    return JSON.stringify(Object.fromEntries([...sliceIds].sort().map((id) => [id, shipped(catalog[id] ?? '')])));
  }

  return {
    name: 'vireo-message-slices',
    apply: 'build',
    enforce: 'post',

    async transform(code, id) {
      if (isScanned(id)) idsByModule.set(id, scan(code));
      if (!isAppModule(id)) return null;
      const imports = [...code.matchAll(DYNAMIC_IMPORT)];
      if (imports.length === 0) return null;
      let wrapped = '';
      let last = 0;
      for (const match of imports) {
        const [whole, , specifier] = match;
        const resolved = specifier ? await this.resolve(specifier, id) : null;
        if (!resolved || resolved.external || !isAppModule(resolved.id)) continue;
        const key = relative(root, resolved.id);
        wrapped += `${code.slice(last, match.index)}__vireoWithMessages(${whole}, ${JSON.stringify(key)})`;
        last = match.index + whole.length;
      }
      if (last === 0) return null;
      const header = `import { withMessages as __vireoWithMessages } from ${JSON.stringify(runtime)};\n`;
      return { code: header + wrapped + code.slice(last), map: null };
    },

    /**
     * After chunking and tree-shaking: the ids of a chunk are those of the modules it keeps code of, so an id that a
     * barrel re-exports but the entry never uses stays out of the core slice.
     */
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkClosure = (start: (typeof chunks)[number]) => {
        const seen = new Set<typeof start>();
        const stack = [start];
        while (stack.length > 0) {
          const chunk = stack.pop() as typeof start;
          if (seen.has(chunk)) continue;
          seen.add(chunk);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) stack.push(imported);
          }
        }
        return seen;
      };
      const idsOf = (closure: Iterable<(typeof chunks)[number]>) => {
        const found = new Set<string>();
        for (const chunk of closure) {
          for (const [module, rendered] of Object.entries(chunk.modules)) {
            if (rendered.renderedLength === 0) continue;
            for (const id of idsByModule.get(module) ?? []) found.add(id);
          }
        }
        return found;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const coreIds = idsOf(chunkClosure(entry));

      // One file per content: two lazy modules whose slices hold the same messages (a page and the page it always
      // imports) name one file, downloaded and cached once, not two copies.
      const emitted = new Map<string, string>();
      const emit = (name: string, locale: string, sliceIds: Iterable<string>) => {
        const source = sliceSource(locale, sliceIds);
        const known = emitted.get(source);
        if (known) return known;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/messages-${name}.${locale}-${hash}.json`;
        this.emitFile({ type: 'asset', fileName, source });
        emitted.set(source, `/${fileName}`);
        return `/${fileName}`;
      };

      const map: SliceMap = { core: {}, slices: {} };
      const locales = Object.keys(catalogs);
      for (const locale of locales) map.core[locale] = emit('core', locale, coreIds);
      const owns = new Map<string, string[]>();
      for (const chunk of chunks) {
        const module = chunk.facadeModuleId;
        if (!chunk.isDynamicEntry || !module || !isAppModule(module)) continue;
        const own = [...idsOf(chunkClosure(chunk))].filter((id) => !coreIds.has(id));
        if (own.length > 0) owns.set(relative(root, module), own);
      }
      const named = new Map<string, number>();
      for (const own of owns.values()) for (const id of own) named.set(id, (named.get(id) ?? 0) + 1);
      const common = new Set([...named].filter(([, count]) => count >= COMMON_MIN_SLICES).map(([id]) => id));
      if (common.size > 0) {
        map.common = Object.fromEntries(locales.map((locale) => [locale, emit('common', locale, common)]));
        map.withCommon = [...owns].filter(([, own]) => own.some((id) => common.has(id))).map(([key]) => key);
      }
      for (const [key, own] of owns) {
        const name = key.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
        const notCommon = own.filter((id) => !common.has(id));
        map.slices[key] = Object.fromEntries(locales.map((locale) => [locale, emit(name, locale, notCommon)]));
      }
      const sliced = new Set([...coreIds, ...common, ...[...owns.values()].flat()]);
      const unnamed = ids.filter((id) => !sliced.has(id));
      if (unnamed.length > 0) {
        map.rest = Object.fromEntries(locales.map((locale) => [locale, emit('rest', locale, unnamed)]));
      }

      // index.html is never cached, so the map can name the files by their content hash.
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        this.error('vireo-message-slices: no index.html in the bundle to carry the map');
      }
      // `<` cannot occur in the map (paths and file names), so it cannot end the element early.
      const element = `<script type="application/json" id="${SLICE_MAP_ELEMENT_ID}">${JSON.stringify(map)}</script>`;
      html.source = html.source.replace('</head>', `    ${element}\n  </head>`);
      mkdirSync(dirname(report), { recursive: true });
      writeFileSync(report, `${JSON.stringify(map, null, 2)}\n`);
    },
  };
}
