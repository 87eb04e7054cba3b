import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The boundaries of the code (architecture.md, "Boundaries"; issue 15), checked over a source tree:
 * - server: the module graph has no cycle; a module never imports another module's repository; the platform layer
 *   (`apps/server/src/platform/`) imports no module;
 * - web: a feature never imports another feature, statically or with `import()`; the layers go one way,
 *   `lib/`, `components/`, `messages/` <- `entities/` (the endpoints and query keys more than one feature uses) <-
 *   `features/` <- `app/`: the shared layers import no entity, feature or `app/`, entities no feature or `app/`, a
 *   feature nothing of `app/`;
 * - no production file in `apps/server/src/modules` or `apps/web/src/features` is longer than MAX_LINES.
 * Each violation names the importing file and the specifier, so a failure says what to move.
 */

export const MAX_LINES = 400;

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const isTestFile = (path: string) =>
  /\.(test|spec|test-d)\.[cm]?[jt]sx?$/.test(path) || /[\\/](testing|test|__tests__|fixtures)[\\/]/.test(path);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports, `import()` and `vi.mock`-free. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) if (match[1]) specifiers.push(match[1]);
  return specifiers;
}

/** The top folder under `base` that `path` lies in, or null when it is outside `base`. */
function folderUnder(base: string, path: string): string | null {
  const rel = relative(base, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [first] = rel.split(sep);
  return first && rel.includes(sep) ? first : null;
}

/** Strongly connected components with more than one member (Tarjan). */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strong = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indexOf.get(w) ?? 0));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indexOf.has(v)) strong(v);
  return cycles;
}

export type Report = {
  moduleCycles: string[][];
  foreignRepositories: string[];
  platformImportsModule: string[];
  crossFeature: string[];
  layerOrder: string[];
  longFiles: string[];
};

/** Checks the tree whose root (the repository's folder) is `root`. */
export function checkBoundaries(root: string): Report {
  const report: Report = {
    moduleCycles: [],
    foreignRepositories: [],
    platformImportsModule: [],
    crossFeature: [],
    layerOrder: [],
    longFiles: [],
  };
  const show = (file: string, specifier: string) => `${relative(root, file)} -> ${specifier}`;

  const modules = join(root, 'apps/server/src/modules');
  const platform = join(root, 'apps/server/src/platform');
  const edges = new Map<string, Set<string>>();
  for (const file of walk(modules).filter((path) => !isTestFile(path))) {
    const from = folderUnder(modules, file);
    if (!from) continue;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      const to = folderUnder(modules, target);
      if (!to || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
      if (/\.repository$/.test(target)) report.foreignRepositories.push(show(file, specifier));
    }
  }
  report.moduleCycles = cyclesOf(edges);
  for (const file of walk(platform).filter((path) => !isTestFile(path))) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') && folderUnder(modules, resolve(dirname(file), specifier)) !== null) {
        report.platformImportsModule.push(show(file, specifier));
      }
    }
  }

  const web = join(root, 'apps/web/src');
  const features = join(web, 'features');
  const app = join(web, 'app');
  const entities = join(web, 'entities');
  const shared = ['lib', 'components', 'messages'].map((name) => join(web, name));
  const under = (dir: string, path: string) => !relative(dir, path).startsWith('..');
  for (const file of walk(web).filter((path) => !isTestFile(path))) {
    const fromFeature = folderUnder(features, file);
    const inShared = shared.some((dir) => under(dir, file));
    const inEntities = under(entities, file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      let target: string | null = null;
      if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else if (specifier.startsWith('@/')) target = join(web, specifier.slice(2));
      if (!target) continue;
      const toFeature = folderUnder(features, target);
      const toApp = under(app, target);
      const toEntities = under(entities, target);
      if (fromFeature && toFeature && toFeature !== fromFeature) report.crossFeature.push(show(file, specifier));
      if (fromFeature && toApp) report.layerOrder.push(show(file, specifier));
      if (inShared && (toFeature || toApp || toEntities)) report.layerOrder.push(show(file, specifier));
      if (inEntities && (toFeature || toApp)) report.layerOrder.push(show(file, specifier));
    }
  }

  for (const file of [...walk(modules), ...walk(features)].filter((path) => !isTestFile(path))) {
    const lines = readFileSync(file, 'utf8').split('\n').length;
    if (lines > MAX_LINES) report.longFiles.push(`${relative(root, file)} (${lines} lines)`);
  }
  return report;
}
