import { screen, within } from '@testing-library/react';
import {
  capabilitiesOf,
  IMPORT_UNKNOWN_UNIT,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORTS_PATH,
  type ResidentImportReport,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { lakesideApi } from '../testing/community-fixtures';

// issue 22 item 4, wider-portal.md §10: residents from a CSV file, checked before anything is imported
const MANAGER = testProfile('ADMIN', {
  hasBulkAgreement: true,
  capabilities: capabilitiesOf('ADMIN', { hasBulkAgreement: true }),
});

const row = (line: number, change: Partial<ResidentImportReport['rows'][number]> = {}) => ({
  line,
  property: 'Lakeside South',
  unit: String(200 + line),
  outcome: 'new' as const,
  changed: ['name', 'email', 'phone', 'moveIn', 'moveOut'],
  follows: null,
  errors: [],
  ...change,
});

const report = (rows: ResidentImportReport['rows'], applied = false): ResidentImportReport => {
  const counts = { new: 0, updated: 0, unchanged: 0, skipped: 0, error: 0 };
  for (const each of rows) counts[each.outcome] += 1;
  return { applied, counts, rows };
};

const file = () =>
  new File(['property,unit,name,email,phone,move_in,move_out\n'], 'residents.csv', { type: 'text/csv' });

async function openPage(routes: Record<string, unknown>) {
  const api = lakesideApi(routes as never);
  const rendered = await renderApp({ path: '/community/import-residents', ...api, profile: MANAGER });
  await screen.findByRole('heading', { level: 1, name: 'Import residents' });
  return rendered;
}

describe('importing residents (/community/import-residents)', () => {
  it('names a bad row with its reason and offers no import; a clean file is imported and said so', async () => {
    const bad = report([
      row(2),
      row(3, { outcome: 'error', changed: [], errors: [{ column: 'unit', code: IMPORT_UNKNOWN_UNIT }] }),
    ]);
    // row 3's resident follows the unit's current one, whose last day the report names
    const clean = report([row(2), row(3, { follows: '2027-01-14' })]);
    let checks = 0;
    const { user, fetchMock } = await openPage({
      [`POST ${RESIDENT_IMPORT_DRY_RUN_PATH}`]: () => jsonResponse(checks++ === 0 ? bad : clean),
      [`POST ${RESIDENT_IMPORTS_PATH}`]: () => jsonResponse(report(clean.rows, true)),
    });
    await user.upload(screen.getByLabelText('Residents file (CSV)'), file());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/Rows with errors: 1\./)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'What each row of the file does' });
    // only the rows with errors at first
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('Unit: The property has no unit with this number.');
    expect(screen.queryByRole('button', { name: /Import the changes/ })).not.toBeInTheDocument();
    await expectNoAxeViolations(document.body);

    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Ready to import: 2 changes, no errors.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'What each row of the file does' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('After the current resident’s last day, Jan 14, 2027');
    expect(rows[1]).not.toHaveTextContent('last day');
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Import the changes (2)' }));
    expect(await screen.findByText('Imported: 2 new, 0 changed.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(RESIDENT_IMPORTS_PATH));
    expect(sent).toHaveLength(1);
  });

  it('says why a file is refused whole: its columns named', async () => {
    const { user } = await openPage({
      [`POST ${RESIDENT_IMPORT_DRY_RUN_PATH}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'test',
              details: { reason: 'wrongColumns', missing: 'phone', unexpected: 'mobile,notes' },
            },
          },
          400,
        ),
    });
    await user.upload(screen.getByLabelText('Residents file (CSV)'), file());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first row must name these columns, in any order: property, unit, name, email, phone, move_in, and move_out. Missing: phone. Not recognized: mobile and notes.',
    );
  });
});
