import { formatCents, type Locale, type StatementDetail, StatementDetailSchema } from '@vireo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf';
import { firstStatement, harborStatement, largeStatement } from './fixtures';
import { pdfSafe, renderStatementPdf } from './statement-pdf';

async function pageTexts(pdf: Buffer): Promise<string[]> {
  return (await readPdf(pdf)).pages;
}

async function render(statement: StatementDetail, locale: Locale) {
  const pdf = await renderStatementPdf(StatementDetailSchema.parse(statement), locale);
  const pages = await pageTexts(pdf);
  return { pdf, pages, text: pages.join('\n') };
}

describe('renderStatementPdf', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    // assigning undefined would store the string "undefined"
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('renders a valid PDF with the account, the summary and the total due in English', async () => {
    const statement = harborStatement();
    const { pdf, text } = await render(statement, 'en');

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(statement.totalDueCents).toBe(28_947);
    for (const expected of [
      'Vireo Business',
      'Statement',
      'Harbor Coffee Co.',
      '214 Wharf Street, Suite 3',
      'Portland, ME 04101',
      statement.accountNumber,
      'Total due',
      '$289.47',
      'Previous balance',
      '-$289.18',
      'Credits and adjustments',
      '-$14.13',
      'New charges',
      '$303.60',
      'March 5, 2025',
      'Feb 5, 2025 to Mar 4, 2025',
      'Please pay $289.47 by March 26, 2025.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('groups lines by service with translated names, periods, amounts and section totals', async () => {
    const { text } = await render(harborStatement(), 'en');
    for (const expected of [
      'Internet',
      'TV',
      'Business Phone',
      'Account charges and credits',
      'Business Internet Premier',
      '$99.99',
      'Feb 5, 2025 – Feb 14, 2025',
      '-$7.14',
      'Feb 20, 2025',
      'Internet total',
      '$115.93',
      'Business Phone total',
      '$75.81',
      'Last month $101.98, change +$13.95',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('explains every changed line in words with its difference', async () => {
    const statement = harborStatement();
    const { text } = await render(statement, 'en');
    const comparison = statement.comparison;
    if (!comparison) throw new Error('fixture has a comparison');

    expect(text).toContain('What changed since last month');
    expect(text).toContain(
      `Your new charges are ${formatCents(comparison.differenceCents, 'en-US')} more than last month’s ${formatCents(comparison.previousNewChargesCents, 'en-US')}.`,
    );
    for (const expected of [
      'Internet · Business Internet promotion, 12 months',
      '+$12.86',
      'Promotion ended on February 14, 2025',
      '+$29.99',
      'One-time charge on February 20, 2025',
      '-$29.99',
      'Plan changed on February 19, 2025',
      'Business Voice, 2 lines to 3 lines',
      'Tax rate changed on March 1, 2025',
      'Changed from $7.00 last month',
      'Account charges and credits · Late payment fee',
      '-$10.00',
      'No longer on your bill',
    ]) {
      expect(text).toContain(expected);
    }
    // unchanged lines are not listed as changes
    expect(text).not.toContain('Internet · Business Internet Premier');
  });

  it('writes a Spanish statement with Spanish labels, es-US money and Spanish dates', async () => {
    const statement = harborStatement();
    const { pages, text } = await render(statement, 'es');
    const total = formatCents(statement.totalDueCents, 'es-US');

    // what Intl gives for es-US on this runtime: dollar sign first, dot decimal
    expect(total).toBe('$289.47');
    for (const expected of [
      'Estado de cuenta',
      'Facturar a',
      'Número de cuenta',
      statement.accountNumber,
      'Fecha de vencimiento',
      '26 de marzo de 2025',
      'del 5 feb 2025 al 4 mar 2025',
      'Resumen de la cuenta',
      'Saldo anterior',
      'Pagos recibidos',
      'Créditos y ajustes',
      'Cargos nuevos',
      'Total a pagar',
      total,
      `Pague ${total} a más tardar el 26 de`,
      'Cargos por servicio',
      'Teléfono comercial',
      'Cargos y créditos de la cuenta',
      'Servicio de internet',
      'Televisión',
      'Total de Teléfono comercial',
      'Qué cambió desde el mes pasado',
      'Ya no aparece en su factura',
      'Cambio de plan el 19 de febrero de 2025',
    ]) {
      expect(text).toContain(expected);
    }
    // line descriptions come from the billing engine and stay as they are
    expect(text).toContain('Business Internet Premier');
    expect(text).not.toContain('Total due');
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
    expect(text).toContain('Visite Soporte en el portal de Vireo Business');
  });

  it('prints the statement security code beside the account details, with what it is for (issue 17)', async () => {
    const statement = harborStatement();
    expect(statement.statementCode).toBe('305127');
    const english = await render(statement, 'en');
    // the first page's text runs in the order they are drawn, with the line breaks of the wrapping as spaces
    const [firstPage = ''] = english.pages.map((page) => page.replace(/\s+/g, ' '));
    // the label, then its value: a row of the account details, and right under it what the code is for
    expect(firstPage).toContain(
      'Security code for online registration 305127 To create your online account in the Vireo Business portal, enter this code with your account number and service ZIP code.',
    );
    expect(firstPage.indexOf('Security code')).toBeGreaterThan(firstPage.indexOf('Account number'));
    const spanish = await render(statement, 'es');
    const [primera = ''] = spanish.pages.map((page) => page.replace(/\s+/g, ' '));
    expect(primera).toContain(
      'Código de seguridad para registrarse en línea 305127 Para crear su cuenta en línea en el portal de Vireo Business, ingrese este código con su número de cuenta y el código postal del servicio.',
    );
    // only on the first page: the running header of later pages stays the account number and the date
    for (const page of (await render(largeStatement(200), 'en')).pages.slice(1)) expect(page).not.toContain('305127');
  });

  it('prints no security code line for an account without one', async () => {
    const { text } = await render({ ...harborStatement(), statementCode: null }, 'en');
    expect(text).toContain('Account number');
    expect(text).not.toContain('Security code');
  });

  it('shows calendar dates as they are, whatever the server time zone', async () => {
    process.env.TZ = 'Pacific/Honolulu';
    const { text } = await render(harborStatement(), 'en');
    expect(text).toContain('March 5, 2025');
    expect(text).toContain('March 26, 2025');
    expect(text).not.toContain('March 4, 2025');
    expect(text).not.toContain('March 25, 2025');
  });

  it('says there is nothing to compare on a first statement', async () => {
    const { text } = await render(firstStatement(), 'en');
    expect(text).toContain('This is your first statement, so there’s nothing to compare with yet.');
    expect(text).not.toContain('Last month');
  });

  it('puts a customer-service phone number in the footer when given one', async () => {
    const pdf = await renderStatementPdf(harborStatement(), 'en', { customerServicePhone: '1-800-555-0142' });
    const [firstPage] = await pageTexts(pdf);
    expect(firstPage).toContain('Call Business Customer Service at 1-800-555-0142');
  });

  it('spreads a 200-line statement over several pages numbered "Page x of y"', async () => {
    const statement = largeStatement(200);
    const lines = statement.sections.flatMap((section) => section.lines);
    expect(lines).toHaveLength(200);

    const { pages, text } = await render(statement, 'en');
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).not.toMatch(new RegExp(`Page \\d+ of (?!${pages.length}\\b)`));
    });
    // running header with the account number on the continuation pages
    for (const page of pages.slice(1)) expect(page).toContain(`Account number ${statement.accountNumber}`);
    expect(text).toContain('Internet (continued)');
    for (const line of lines) {
      if (!line.description.includes('Industrial Parkway')) expect(text).toContain(line.description);
    }
    expect(text).toContain(formatCents(statement.totalDueCents, 'en-US'));

    const spanish = await render(statement, 'es');
    expect(spanish.pages).toHaveLength(pages.length);
    spanish.pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
  });

  it('renders the same bytes for the same statement', async () => {
    const first = await renderStatementPdf(harborStatement(), 'es');
    const second = await renderStatementPdf(harborStatement(), 'es');
    expect(first.equals(second)).toBe(true);
    const { info } = await readPdf(first);
    expect(info.CreationDate).toMatch(/^D:20250305/);
    expect(info.Title).toBe('Estado de cuenta de Vireo Business, 5 de marzo de 2025');
  });

  it('turns characters the standard fonts cannot show into safe ones', () => {
    expect(pdfSafe('Business Internet')).toBe('Business Internet');
    expect(pdfSafe('Teléfono – año ¿sí? €')).toBe('Teléfono – año ¿sí? €');
    expect(pdfSafe('Cafe\u0301')).toBe('Café');
    expect(pdfSafe('12\u202f%\u00a0x')).toBe('12 %\u00a0x');
    expect(pdfSafe('a\nb\tc')).toBe('a b c');
    expect(pdfSafe('\u22125')).toBe('-5');
    expect(pdfSafe('Wi-Fi 📶 办公室')).toBe('Wi-Fi ? ???');
  });

  it('renders descriptions with unusual characters without failing', async () => {
    const statement = harborStatement();
    const [internet] = statement.sections;
    if (!internet?.lines[0]) throw new Error('fixture has an internet line');
    internet.lines[0].description = `Router 📶 "Pro", =SUM(A1) ${'x'.repeat(120)}`;
    const { text } = await render(statement, 'en');
    expect(text).toContain('Router ? "Pro", =SUM(A1)');
  });
});
