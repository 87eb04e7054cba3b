import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from './boundaries';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const generator = join(repositoryRoot, 'scripts/new-module.mjs');

/** A tree with the files the generator edits, copied from the repository. */
function scratchTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'vireo-new-module-'));
  for (const path of ['packages/shared/src/index.ts', 'apps/web/src/messages/en.ts', 'apps/web/src/messages/es.ts']) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    copyFileSync(join(repositoryRoot, path), join(root, path));
  }
  return root;
}

describe('npm run new:module (issue 15 item 5, docs/module-template.md)', () => {
  const root = scratchTree();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the server module, its shared schema, its web feature and its message keys, named after the area', () => {
    // the name first, as `npm run new:module service-appointments` passes it
    const output = execFileSync(process.execPath, [generator, 'service-appointments', '--root', root], {
      encoding: 'utf8',
    });
    const expected = [
      'packages/shared/src/schemas/service-appointments.ts',
      'apps/server/src/modules/service-appointments/service-appointments.repository.ts',
      'apps/server/src/modules/service-appointments/service-appointments.service.ts',
      'apps/server/src/modules/service-appointments/service-appointments.routes.ts',
      'apps/server/src/modules/service-appointments/service-appointments.service.test.ts',
      'apps/server/src/modules/service-appointments/service-appointments.int.test.ts',
      'apps/web/src/features/service-appointments/README.md',
      'apps/web/src/features/service-appointments/api/get-service-appointments.ts',
      'apps/web/src/features/service-appointments/components/service-appointments-page.tsx',
    ];
    for (const path of expected) expect(existsSync(join(root, path)), path).toBe(true);
    const service = readFileSync(join(root, expected[2] as string), 'utf8');
    expect(service).toContain('export function createServiceAppointmentsService(');
    expect(readFileSync(join(root, expected[3] as string), 'utf8')).toContain('SERVICE_APPOINTMENTS_PATH');
    const barrel = readFileSync(join(root, 'packages/shared/src/index.ts'), 'utf8').trim().split('\n');
    expect(barrel).toContain("export * from './schemas/service-appointments';");
    expect(barrel).toEqual([...barrel].sort());
    for (const locale of ['en', 'es']) {
      const catalog = `apps/web/src/messages/service-appointments/${locale}.json`;
      expect(JSON.parse(readFileSync(join(root, catalog), 'utf8'))).toEqual({
        'serviceAppointments.title': 'Service appointments',
      });
      // gathered by the language's catalog module, its imports still in Biome's order
      const gatherer = readFileSync(join(root, `apps/web/src/messages/${locale}.ts`), 'utf8');
      expect(gatherer).toContain(`import serviceAppointments from './service-appointments/${locale}.json';`);
      expect(gatherer).toMatch(/\.\.\.serviceAppointments,?\s/);
      const sources = gatherer.match(/from '[^']+'/g) ?? [];
      expect(sources).toEqual([...sources].sort());
    }
    // every template placeholder was filled in
    for (const path of expected) expect(readFileSync(join(root, path), 'utf8')).not.toMatch(/\$\{/);
    expect(output).toContain('Left to wire');
  });

  it('keeps the boundaries: no cycle, no foreign repository, no cross-feature import in what it makes', () => {
    const report = checkBoundaries(root);
    expect(report.moduleCycles).toEqual([]);
    expect(report.platformImportsModule).toEqual([]);
    expect(report.layerOrder).toEqual([]);
    expect(report.foreignRepositories).toEqual([]);
    expect(report.crossFeature).toEqual([]);
  });

  it('overwrites nothing: a module that exists is refused and no file changes', () => {
    const before = readFileSync(join(root, 'packages/shared/src/index.ts'), 'utf8');
    const again = spawnSync(process.execPath, [generator, 'service-appointments', '--root', root], {
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists; nothing was written');
    expect(readFileSync(join(root, 'packages/shared/src/index.ts'), 'utf8')).toBe(before);
  });

  it('refuses a name that is not kebab-case', () => {
    const refused = spawnSync(process.execPath, [generator, '--root', root, 'Service_Appointments'], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
  });
});
