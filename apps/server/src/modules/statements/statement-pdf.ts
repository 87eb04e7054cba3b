import { type Cents, DEFAULT_BRAND_NAME, type IsoDate, type Locale, type StatementDetail } from '@vireo/shared';
import { type MessageId, translator } from '../../messages/intl';
import { formatCalendarDate, moneyFormatter, signed } from './format';
import { COLOR, FONT, LEFT, pdfSafe, RIGHT, renderPdf } from './pdf-canvas';
import { StatementPages, type StatementPdfOptions } from './statement-pages';

export { pdfSafe };

/**
 * The printable statement (spec §3 "printable statement"; product-decisions.md: billing cycle), in the statement's
 * language. Layout is done here with explicit coordinates and our own word wrapping: pdfkit's automatic flow is
 * never used, so a page break only happens where `ensureSpace` decides and every page gets the same footer.
 * Only the standard Helvetica fonts are used (nothing to embed or download); they cover Spanish (WinAnsi).
 */

export type { StatementPdfOptions };

type Section = StatementDetail['sections'][number];
type Line = Section['lines'][number];
type Reason = NonNullable<NonNullable<Line['change']>['reason']>;

const REASON_MESSAGE: Record<Reason['type'], MessageId> = {
  promotion_ended: 'statement.reason.promotionEnded',
  plan_change: 'statement.reason.planChange',
  new_service: 'statement.reason.newService',
  one_time_charge: 'statement.reason.oneTimeCharge',
  outage_credit: 'statement.reason.outageCredit',
  tax_change: 'statement.reason.taxChange',
  proration: 'statement.reason.proration',
  removed: 'statement.reason.removed',
  new_line: 'statement.reason.newLine',
};

function calendarDateTime(date: IsoDate): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
}

class StatementLayout extends StatementPages {
  // ---- blocks ---------------------------------------------------------------------------------------------------

  render(options: StatementPdfOptions): void {
    this.header();
    this.summary();
    this.charges();
    this.changes();
    this.footers(options);
  }

  private summary(): void {
    const s = this.statement;
    const top = this.y;
    const rowsLeft = LEFT + 14;
    const rowsRight = LEFT + 296;
    const calloutLeft = LEFT + 326;
    const calloutWidth = RIGHT - 14 - calloutLeft;

    this.use(FONT.regular, 9, COLOR.ink);
    const payBy =
      s.totalDueCents > 0
        ? this.t('statement.summary.payBy', { amount: this.money(s.totalDueCents), date: this.date(s.dueDate) })
        : this.t('statement.summary.creditBalance');
    const payByLines = this.wrap(payBy, calloutWidth);
    const height = Math.max(136, 66 + payByLines.length * 12 + 14);

    this.fillRect(LEFT, top, RIGHT - LEFT, height, COLOR.tint);
    this.doc.moveTo(calloutLeft - 14, top + 14).lineTo(calloutLeft - 14, top + height - 14);
    this.doc.lineWidth(0.5).strokeColor(COLOR.rule).stroke();

    this.use(FONT.bold, 11, COLOR.ink);
    this.text(this.t('statement.summary.title'), rowsLeft, top + 12);
    const rows: [MessageId, Cents][] = [
      ['statement.summary.previousBalance', s.previousBalanceCents],
      ['statement.summary.paymentsReceived', 0 - s.paymentsReceivedCents], // shown as what it does to the balance
      ['statement.summary.adjustments', s.adjustmentsCents],
      ['statement.summary.newCharges', s.newChargesCents],
    ];
    let y = top + 34;
    this.use(FONT.regular, 9.5, COLOR.ink);
    for (const [label, amount] of rows) {
      this.text(this.t(label), rowsLeft, y);
      this.textRight(this.money(amount), rowsRight, y);
      y += 16;
    }
    this.rule(y - 2, COLOR.muted, 0.75, rowsLeft, rowsRight);
    this.use(FONT.bold, 11, COLOR.ink);
    this.text(this.t('statement.summary.totalDue'), rowsLeft, y + 5);
    this.textRight(this.money(s.totalDueCents), rowsRight, y + 5);

    this.use(FONT.bold, 10, COLOR.muted);
    this.text(this.t('statement.summary.totalDue'), calloutLeft, top + 14);
    this.use(FONT.bold, 24, COLOR.brand);
    this.text(this.money(s.totalDueCents), calloutLeft, top + 30);
    this.use(FONT.regular, 9, COLOR.ink);
    let lineY = top + 66;
    for (const line of payByLines) {
      this.text(line, calloutLeft, lineY);
      lineY += 12;
    }
    this.y = top + height + 22;
  }

  private charges(): void {
    this.heading(this.t('statement.charges.title'));
    for (const section of this.statement.sections) this.section(section);
  }

  private sectionBand(section: Section, continued: boolean): void {
    const name = this.category(section.category);
    this.fillRect(LEFT, this.y, RIGHT - LEFT, 20, COLOR.band);
    this.use(FONT.bold, 10.5, COLOR.ink);
    this.text(continued ? this.t('statement.section.continued', { category: name }) : name, LEFT + 8, this.y + 5.5);
    if (!continued) this.textRight(this.money(section.totalCents), RIGHT - 8, this.y + 5.5);
    this.y += 24;
    this.use(FONT.bold, 7.5, COLOR.muted);
    this.text(this.t('statement.column.description'), LEFT + 8, this.y);
    this.text(this.t('statement.column.period'), LEFT + 312, this.y);
    this.textRight(this.t('statement.column.amount'), RIGHT - 8, this.y);
    this.y += 12;
  }

  private period(line: Line): string {
    if (line.periodStart === null) return '';
    const start = this.date(line.periodStart, 'medium');
    if (line.periodEnd === null || line.periodEnd === line.periodStart) return start;
    return `${start} – ${this.date(line.periodEnd, 'medium')}`;
  }

  private section(section: Section): void {
    const descriptionWidth = 296;
    this.use(FONT.regular, 9, COLOR.ink);
    const first = section.lines[0];
    const firstHeight = first ? this.wrap(pdfSafe(first.description), descriptionWidth).length * 11 + 5 : 16;
    this.ensureSpace(36 + firstHeight + 30);
    this.sectionBand(section, false);

    if (section.lines.length === 0) {
      this.use(FONT.regular, 9, COLOR.muted);
      this.text(this.t('statement.section.empty'), LEFT + 8, this.y + 3);
      this.y += 16;
    }
    for (const line of section.lines) {
      this.use(FONT.regular, 9, COLOR.ink);
      const description = this.wrap(pdfSafe(line.description), descriptionWidth);
      const height = description.length * 11 + 5;
      this.ensureSpace(height, () => this.sectionBand(section, true));
      this.use(FONT.regular, 9, COLOR.ink);
      let y = this.y + 3;
      for (const text of description) {
        this.text(text, LEFT + 8, y);
        y += 11;
      }
      this.textRight(this.money(line.amountCents), RIGHT - 8, this.y + 3);
      this.use(FONT.regular, 8.5, COLOR.muted);
      this.text(this.period(line), LEFT + 312, this.y + 3.5);
      this.y += height;
      this.rule(this.y - 1);
    }

    const hasComparison = section.previousTotalCents !== null;
    this.ensureSpace(hasComparison ? 32 : 20, () => this.sectionBand(section, true));
    this.use(FONT.bold, 9.5, COLOR.ink);
    const name = this.category(section.category);
    this.text(this.t('statement.section.total', { category: name }), LEFT + 8, this.y + 4);
    this.textRight(this.money(section.totalCents), RIGHT - 8, this.y + 4);
    this.y += 18;
    if (section.previousTotalCents !== null) {
      const difference = section.totalCents - section.previousTotalCents;
      this.use(FONT.regular, 8.5, COLOR.muted);
      const comparison = this.t('statement.section.comparison', {
        previous: this.money(section.previousTotalCents),
        difference: signed(this.money(difference), difference),
      });
      this.textRight(comparison, RIGHT - 8, this.y);
      this.y += 13;
    }
    this.y += 12;
  }

  private reasonText(reason: Reason | null, previousAmountCents: Cents | null): string {
    if (reason === null)
      return this.t('statement.reason.amountChanged', { previous: this.money(previousAmountCents ?? 0) });
    return this.t(REASON_MESSAGE[reason.type], {
      hasDate: reason.occurredOn === null ? 'no' : 'yes',
      date: reason.occurredOn === null ? '' : this.date(reason.occurredOn),
      outage: reason.description,
    });
  }

  private changes(): void {
    const s = this.statement;
    this.heading(this.t('statement.changes.title'));
    this.use(FONT.regular, 9.5, COLOR.ink);
    let summary: string;
    if (s.comparison === null) summary = this.t('statement.changes.firstStatement');
    else {
      const difference = s.comparison.differenceCents;
      summary = this.t('statement.changes.summary', {
        direction: difference > 0 ? 'higher' : difference < 0 ? 'lower' : 'same',
        difference: this.money(Math.abs(difference)),
        previous: this.money(s.comparison.previousNewChargesCents),
      });
    }
    for (const text of this.wrap(summary, RIGHT - LEFT)) {
      this.text(text, LEFT, this.y);
      this.y += 13;
    }
    this.y += 6;
    if (s.comparison === null) return;

    type Row = { charge: string; difference: Cents; reason: string; detail: string | null };
    const rows: Row[] = [];
    for (const section of s.sections) {
      const name = this.category(section.category);
      for (const line of section.lines) {
        const change = line.change;
        if (change === null || (change.differenceCents === 0 && change.reason === null)) continue;
        rows.push({
          charge: `${name} · ${line.description}`,
          difference: change.differenceCents,
          reason: this.reasonText(change.reason, change.previousAmountCents),
          detail: change.reason && change.reason.description !== line.description ? change.reason.description : null,
        });
      }
      for (const removed of section.removedLines) {
        rows.push({
          charge: `${name} · ${removed.description}`,
          difference: 0 - removed.previousAmountCents,
          reason: this.reasonText(removed.reason, removed.previousAmountCents),
          detail: removed.reason.description !== removed.description ? removed.reason.description : null,
        });
      }
    }
    if (rows.length === 0) {
      this.use(FONT.regular, 9.5, COLOR.muted);
      this.text(this.t('statement.changes.none'), LEFT, this.y);
      this.y += 14;
      return;
    }

    const chargeWidth = 232;
    const changeRight = LEFT + 326;
    const reasonLeft = LEFT + 338;
    const reasonWidth = RIGHT - 8 - reasonLeft;
    const columnHeader = () => {
      this.use(FONT.bold, 7.5, COLOR.muted);
      this.text(this.t('statement.changes.column.charge'), LEFT + 8, this.y);
      this.textRight(this.t('statement.changes.column.change'), changeRight, this.y);
      this.text(this.t('statement.changes.column.reason'), reasonLeft, this.y);
      this.y += 12;
      this.rule(this.y - 1);
    };
    this.ensureSpace(40);
    columnHeader();
    for (const row of rows) {
      this.use(FONT.regular, 9, COLOR.ink);
      const charge = this.wrap(pdfSafe(row.charge), chargeWidth);
      const reason = this.wrap(row.reason, reasonWidth);
      this.use(FONT.regular, 8, COLOR.muted);
      const detail = row.detail ? this.wrap(pdfSafe(row.detail), reasonWidth) : [];
      const height = Math.max(charge.length * 11, reason.length * 11 + detail.length * 10) + 6;
      this.ensureSpace(height, columnHeader);

      this.use(FONT.regular, 9, COLOR.ink);
      let y = this.y + 3;
      for (const text of charge) {
        this.text(text, LEFT + 8, y);
        y += 11;
      }
      this.use(FONT.bold, 9, COLOR.ink);
      this.textRight(signed(this.money(row.difference), row.difference), changeRight, this.y + 3);
      this.use(FONT.regular, 9, COLOR.ink);
      y = this.y + 3;
      for (const text of reason) {
        this.text(text, reasonLeft, y);
        y += 11;
      }
      this.use(FONT.regular, 8, COLOR.muted);
      for (const text of detail) {
        this.text(text, reasonLeft, y);
        y += 10;
      }
      this.y += height;
      this.rule(this.y - 1);
    }
  }
}

/**
 * Renders a statement as a PDF in `locale`. Output is deterministic: the document's creation date is the statement
 * date, so the same statement always gives the same bytes (safe to cache or hash).
 */
export function renderStatementPdf(
  statement: StatementDetail,
  locale: Locale,
  options: StatementPdfOptions = {},
): Promise<Buffer> {
  const t = translator(locale);
  const date = formatCalendarDate(statement.statementDate, locale);
  const meta = {
    locale,
    title: t('statement.documentTitle', { brand: DEFAULT_BRAND_NAME, date }),
    brand: DEFAULT_BRAND_NAME,
    createdAt: calendarDateTime(statement.statementDate),
    bufferPages: true,
  };
  return renderPdf(meta, (doc) =>
    new StatementLayout(doc, statement, locale, t, moneyFormatter(locale)).render(options),
  );
}
