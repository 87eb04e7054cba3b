import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, importsOf, MAX_LINES } from './boundaries';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Files still over MAX_LINES, each to be split (issue 15 item 6). The list must be exact: a file that is no longer
 * long fails the test until it leaves the list, so the list only shrinks. Empty since the form kit (ADR 020) rewrote
 * the last two, the Auto Pay services-and-method form and the payment method step.
 */
const LONG_FILES_TO_SPLIT: string[] = [];

describe('the boundaries of the code (architecture.md, issue 15)', () => {
  const report = checkBoundaries(repositoryRoot);

  it('has no import cycle between server modules', () => {
    expect(report.moduleCycles).toEqual([]);
  });

  it('reaches another server module only through its service, never its repository', () => {
    expect(report.foreignRepositories).toEqual([]);
  });

  it('keeps the platform layer free of modules', () => {
    expect(report.platformImportsModule).toEqual([]);
  });

  it('has no web feature importing another feature, statically or dynamically', () => {
    expect(report.crossFeature).toEqual([]);
  });

  it('keeps the web layers one way: lib and components <- entities <- features <- app', () => {
    expect(report.layerOrder).toEqual([]);
  });

  it(`has no production file over ${MAX_LINES} lines in server modules and web features`, () => {
    expect(report.longFiles.map((line) => line.replace(/ \(\d+ lines\)$/, ''))).toEqual(LONG_FILES_TO_SPLIT);
  });
});

describe('the boundaries checker, on planted violations', () => {
  const root = mkdtempSync(join(tmpdir(), 'vireo-boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const plant = (path: string, source: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  };
  plant('apps/server/src/modules/a/a.service.ts', "import { b } from '../b/b.service';\nexport const a = b;\n");
  plant('apps/server/src/modules/b/b.service.ts', "import type { A } from '../a/a.service';\nexport const b = 1;\n");
  plant('apps/server/src/modules/c/c.service.ts', "import { bRepository } from '../b/b.repository';\n");
  plant('apps/server/src/modules/c/c.test.ts', "import { a } from '../a/a.service';\n");
  plant('apps/server/src/platform/audit.ts', "import { a } from '../modules/a/a.service';\n");
  plant('apps/web/src/features/billing/components/home.tsx', "import { Banner } from '../../autopay/banner';\n");
  plant(
    'apps/web/src/features/billing/components/pay.tsx',
    "const Panel = lazy(() => import('../../payments/panel'));\n",
  );
  plant('apps/web/src/features/billing/api/get.ts', "import { route } from '../../../app/router';\n");
  plant('apps/web/src/components/ui/card.tsx', "export { Form } from '../../features/wallet/form';\n");
  plant('apps/web/src/components/ui/list.tsx', "import { walletKeys } from '../../entities/query-keys';\n");
  plant('apps/web/src/entities/api/get-wallet.ts', "import { Row } from '../../features/wallet/row';\n");
  plant('apps/web/src/features/wallet/api/get.ts', "import { walletKeys } from '../../../entities/query-keys';\n");
  plant('apps/web/src/features/wallet/long.tsx', 'export {};\n'.repeat(MAX_LINES + 1));
  plant('apps/web/src/features/wallet/long.test.tsx', 'export {};\n'.repeat(MAX_LINES + 1));
  const report = checkBoundaries(root);

  it('finds a cycle, type-only imports included', () => {
    expect(report.moduleCycles).toEqual([['a', 'b']]);
  });
  it('finds another module’s repository', () => {
    expect(report.foreignRepositories).toEqual(['apps/server/src/modules/c/c.service.ts -> ../b/b.repository']);
  });
  it('finds the platform importing a module', () => {
    expect(report.platformImportsModule).toEqual(['apps/server/src/platform/audit.ts -> ../modules/a/a.service']);
  });
  it('finds static and dynamic cross-feature imports', () => {
    expect(report.crossFeature.sort()).toEqual([
      'apps/web/src/features/billing/components/home.tsx -> ../../autopay/banner',
      'apps/web/src/features/billing/components/pay.tsx -> ../../payments/panel',
    ]);
  });
  it('finds a feature importing app/, a shared component importing a feature or an entity, an entity a feature', () => {
    expect(report.layerOrder.sort()).toEqual([
      'apps/web/src/components/ui/card.tsx -> ../../features/wallet/form',
      'apps/web/src/components/ui/list.tsx -> ../../entities/query-keys',
      'apps/web/src/entities/api/get-wallet.ts -> ../../features/wallet/row',
      'apps/web/src/features/billing/api/get.ts -> ../../../app/router',
    ]);
  });
  it('finds a long production file and leaves tests alone', () => {
    expect(report.longFiles).toEqual([`apps/web/src/features/wallet/long.tsx (${MAX_LINES + 2} lines)`]);
  });
  it('reads static, re-exported, side-effect and dynamic specifiers', () => {
    expect(
      importsOf("import a from './a';\nexport { b } from \"./b\";\nimport './c.css';\nconst d = import('./d');\n"),
    ).toEqual(['./a', './b', './c.css', './d']);
  });
});
