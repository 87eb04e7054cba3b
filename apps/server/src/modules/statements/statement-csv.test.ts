import { StatementDetailSchema } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { harborStatement } from './fixtures';
import { centsToDecimal } from './format';
import {
  type ActivityItem,
  type ChargeItem,
  CSV_BOM,
  type PaymentHistoryItem,
  renderHistoryCsv,
  renderStatementCsv,
} from './statement-csv';

/** A strict RFC 4180 reader (BOM, CRLF records, quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = CSV_BOM.length;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i++;
      continue;
    }
    if (char === '"') {
      expect(field, 'a quote may only open a field').toBe('');
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      expect(char, 'bare line breaks are not allowed outside quotes').not.toMatch(/[\r\n]/);
      field += char;
    }
    i++;
  }
  expect(quoted, 'unterminated quoted field').toBe(false);
  expect(row.length === 0 && field === '', 'the last record ends with CRLF').toBe(true);
  return rows;
}

const payments: PaymentHistoryItem[] = [
  {
    id: 'pay-3',
    paymentDate: '2025-03-10',
    status: 'pending',
    amountCents: 28_947,
    methodLabel: 'Checking ****6789',
    channel: 'online',
    confirmationNumber: 'VB-20250310-0042',
  },
  {
    id: 'pay-2',
    paymentDate: '2025-02-12',
    status: 'successful',
    amountCents: 28_918,
    methodLabel: 'Visa ****4242',
    channel: 'autoPay',
    confirmationNumber: 'VB-20250212-0007',
  },
  {
    id: 'pay-1',
    paymentDate: '2025-01-09',
    status: 'returned',
    amountCents: 1_250_000,
    methodLabel: 'Checking ****6789',
    channel: 'agent-assisted',
    confirmationNumber: 'VB-20250109-0100',
  },
];

const activity: ActivityItem[] = [
  {
    id: 'act-2',
    type: 'payment',
    date: '2025-02-12',
    description: 'Payment, thank you',
    amountCents: -28_918,
    referenceId: 'pay-2',
  },
  {
    id: 'act-1',
    type: 'statement',
    date: '2025-02-05',
    description: 'Statement',
    amountCents: 25_744,
    referenceId: 'stmt-1',
  },
];

const charges: ChargeItem[] = [
  {
    id: 'chg-1',
    date: '2025-02-20',
    description: 'Professional installation, Business TV',
    datePosted: '2025-02-21',
    amountCents: 2_999,
    kind: 'one_time',
  },
  {
    id: 'chg-2',
    date: '2025-02-25',
    description: 'Service credit: internet outage',
    datePosted: '2025-02-25',
    amountCents: -1_413,
    kind: 'adjustment',
  },
];

describe('renderStatementCsv', () => {
  it('writes one row per line with a translated header, ISO dates and plain decimal amounts', () => {
    const statement = StatementDetailSchema.parse(harborStatement());
    const text = renderStatementCsv(statement, 'en');
    expect(text.startsWith('\uFEFFSection,Description,Period start,Period end,Amount\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Section', 'Description', 'Period start', 'Period end', 'Amount']);
    expect(rows).toHaveLength(statement.sections.reduce((total, s) => total + s.lines.length, 0));
    expect(rows[0]).toEqual(['Internet', 'Business Internet Premier', '2025-02-05', '2025-03-04', '99.99']);
    expect(rows).toContainEqual([
      'Internet',
      'Business Internet promotion, 12 months',
      '2025-02-05',
      '2025-02-14',
      '-7.14',
    ]);
    expect(rows).toContainEqual(['TV', 'Professional installation, Business TV', '2025-02-20', '2025-02-20', '29.99']);
    expect(rows).toContainEqual(['Business Phone', 'Business Voice, 3 lines', '2025-02-19', '2025-03-04', '40.00']);
    // amounts add up to the statement's new charges
    const total = rows.reduce((sum, row) => sum + Math.round(Number(row[4]) * 100), 0);
    expect(total).toBe(statement.newChargesCents);
    // a description with a comma is quoted in the raw text
    expect(text).toContain('"Business Internet promotion, 12 months"');
  });

  it('translates the header and the sections but keeps numbers machine-readable in Spanish', () => {
    const [header, ...rows] = parseCsv(renderStatementCsv(harborStatement(), 'es'));
    expect(header).toEqual(['Sección', 'Descripción', 'Inicio del período', 'Fin del período', 'Monto']);
    expect(rows).toContainEqual(['Teléfono comercial', 'Business Voice, 2 lines', '2025-02-05', '2025-02-18', '30.00']);
    expect(rows).toContainEqual([
      'Cargos y créditos de la cuenta',
      'Paper statement fee',
      '2025-02-05',
      '2025-03-04',
      '2.00',
    ]);
  });

  it('quotes quotes, commas and line breaks and neutralises spreadsheet formulas', () => {
    const statement = harborStatement();
    const descriptions = [
      'Install, "rush" fee\r\nsecond line',
      '=HYPERLINK("http://evil.example","Click")',
      '+1 800 555 0100 toll-free',
      '-2+3',
      '@SUM(A1:A2)',
      '\tTabbed',
      '\rCarriage',
      'Plain text',
    ];
    const [internet] = statement.sections;
    if (!internet) throw new Error('fixture has an internet section');
    internet.lines = descriptions.map((description, index) => ({
      id: `ln-x${index}`,
      kind: 'one_time',
      description,
      amountCents: index === 0 ? -500 : 100 * index,
      periodStart: index === 7 ? null : '2025-02-20',
      periodEnd: index === 7 ? null : '2025-02-20',
      change: null,
    }));
    const text = renderStatementCsv(statement, 'en');
    expect(text).toContain('"Install, ""rush"" fee\r\nsecond line"');

    const rows = parseCsv(text).slice(1, 1 + descriptions.length);
    expect(rows.map((row) => row[1])).toEqual([
      'Install, "rush" fee\r\nsecond line',
      `'=HYPERLINK("http://evil.example","Click")`,
      "'+1 800 555 0100 toll-free",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      "'\rCarriage",
      'Plain text',
    ]);
    // our own amounts are numbers, never prefixed, even when negative
    expect(rows[0]?.[4]).toBe('-5.00');
    // a line without a period has empty date cells
    expect(rows[7]).toEqual(['Internet', 'Plain text', '', '', '7.00']);
  });
});

describe('renderHistoryCsv', () => {
  it('writes payment history with translated headers, statuses and channels', () => {
    const [header, ...rows] = parseCsv(renderHistoryCsv('payments', payments, 'en'));
    expect(header).toEqual(['Payment Date', 'Status', 'Amount', 'Method', 'Channel', 'Confirmation number']);
    expect(rows).toEqual([
      ['2025-03-10', 'Pending', '289.47', 'Checking ****6789', 'Online', 'VB-20250310-0042'],
      ['2025-02-12', 'Successful', '289.18', 'Visa ****4242', 'Auto Pay', 'VB-20250212-0007'],
      ['2025-01-09', 'Returned', '12500.00', 'Checking ****6789', 'With an agent', 'VB-20250109-0100'],
    ]);

    const [spanishHeader, ...spanishRows] = parseCsv(renderHistoryCsv('payments', payments, 'es'));
    expect(spanishHeader).toEqual(['Fecha de pago', 'Estado', 'Monto', 'Método', 'Canal', 'Número de confirmación']);
    expect(spanishRows.map((row) => [row[1], row[4]])).toEqual([
      ['En Proceso', 'En línea'],
      ['Completado', 'Pago automático'],
      ['Devuelto', 'Con un agente'],
    ]);
  });

  it('writes activity with translated types and signed amounts', () => {
    const [header, ...rows] = parseCsv(renderHistoryCsv('activity', activity, 'en'));
    expect(header).toEqual(['Date', 'Type', 'Description', 'Amount']);
    expect(rows).toEqual([
      ['2025-02-12', 'Payment', 'Payment, thank you', '-289.18'],
      ['2025-02-05', 'Statement', 'Statement', '257.44'],
    ]);
    const [spanishHeader, ...spanishRows] = parseCsv(renderHistoryCsv('activity', activity, 'es'));
    expect(spanishHeader).toEqual(['Fecha', 'Tipo', 'Descripción', 'Monto']);
    expect(spanishRows.map((row) => row[1])).toEqual(['Pago', 'Estado de cuenta']);
  });

  it('writes charges with Date, Description, Date Posted and Amount in both languages', () => {
    const [header, ...rows] = parseCsv(renderHistoryCsv('charges', charges, 'en'));
    expect(header).toEqual(['Date', 'Description', 'Date Posted', 'Amount']);
    expect(rows).toEqual([
      ['2025-02-20', 'Professional installation, Business TV', '2025-02-21', '29.99'],
      ['2025-02-25', 'Service credit: internet outage', '2025-02-25', '-14.13'],
    ]);
    const [spanishHeader] = parseCsv(renderHistoryCsv('charges', charges, 'es'));
    expect(spanishHeader).toEqual(['Fecha', 'Descripción', 'Fecha de registro', 'Monto']);
  });

  it('neutralises formulas in history text and writes only the header for an empty list', () => {
    const [installation] = charges;
    if (!installation) throw new Error('fixture has a charge');
    const rows = parseCsv(renderHistoryCsv('charges', [{ ...installation, description: '=cmd|"/c calc"!A1' }], 'en'));
    expect(rows[1]?.[1]).toBe(`'=cmd|"/c calc"!A1`);
    expect(renderHistoryCsv('activity', [], 'es')).toBe('\uFEFFFecha,Tipo,Descripción,Monto\r\n');
  });
});

describe('centsToDecimal', () => {
  it.each([
    [28_947, '289.47'],
    [-500, '-5.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [123_456_789, '1234567.89'],
  ])('writes %i cents as %s', (cents, expected) => {
    expect(centsToDecimal(cents)).toBe(expected);
  });
});
