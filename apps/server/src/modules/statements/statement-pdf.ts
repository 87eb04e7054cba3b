import { type Cents, DEFAULT_BRAND_NAME, type IsoDate, type Locale, type StatementDetail } from '@vireo/shared';
import PDFDocument from 'pdfkit';
import { INTL_LOCALE_TAGS, type MessageId, type Translate, translator } from '../../messages/intl';
import { formatCalendarDate, moneyFormatter, signed } from './format';

/**
 * The printable statement (spec §3 "printable statement"; product-decisions.md: billing cycle), in the statement's
 * language. Layout is done here with explicit coordinates and our own word wrapping: pdfkit's automatic flow is
 * never used, so a page break only happens where `ensureSpace` decides and every page gets the same footer.
 * Only the standard Helvetica fonts are used (nothing to embed or download); they cover Spanish (WinAnsi).
 */

export type StatementPdfOptions = {
  /** Business Customer Service number for the footer; without it the footer points to the portal's Support page. */
  customerServicePhone?: string;
};

type Section = StatementDetail['sections'][number];
type Line = Section['lines'][number];
type Reason = NonNullable<NonNullable<Line['change']>['reason']>;

const PAGE = { width: 612, height: 792 } as const; // US Letter, points
const LEFT = 50;
const RIGHT = PAGE.width - 50;
const TOP = 46;
const CONTENT_BOTTOM = 712;
const FOOTER_TOP = 728;

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const COLOR = {
  brand: '#1F6F50',
  ink: '#1C2321',
  muted: '#5E6B66',
  rule: '#D3DBD7',
  tint: '#F1F6F3',
  band: '#E3EEE8',
} as const;

const CATEGORY_MESSAGE: Record<Section['category'], MessageId> = {
  internet: 'billing.category.internet',
  tv: 'billing.category.tv',
  phone: 'billing.category.phone',
  mobile: 'billing.category.mobile',
  account: 'billing.category.account',
};

const REASON_MESSAGE: Record<Reason['type'], MessageId> = {
  promotion_ended: 'statement.reason.promotionEnded',
  plan_change: 'statement.reason.planChange',
  new_service: 'statement.reason.newService',
  one_time_charge: 'statement.reason.oneTimeCharge',
  tax_change: 'statement.reason.taxChange',
  proration: 'statement.reason.proration',
  removed: 'statement.reason.removed',
  new_line: 'statement.reason.newLine',
};

// The standard fonts use WinAnsiEncoding: Latin-1 plus these. Anything else would print as a wrong glyph.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Text as the standard fonts can show it: Intl's narrow spaces become spaces, unknown characters `?`. */
export function pdfSafe(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (code < 0x20 || /\s/u.test(char)) out += ' ';
    else if (code === 0x2212 || code === 0x2010 || code === 0x2011) out += '-';
    else out += '?';
  }
  return out;
}

function calendarDateTime(date: IsoDate): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
}

type Doc = InstanceType<typeof PDFDocument>;

class StatementLayout {
  private y = TOP;
  private font: string = FONT.regular;
  private size = 10;
  private color: string = COLOR.ink;

  constructor(
    private readonly doc: Doc,
    private readonly statement: StatementDetail,
    private readonly locale: Locale,
    private readonly t: Translate,
    private readonly money: (amount: Cents) => string,
  ) {}

  // ---- drawing primitives -------------------------------------------------------------------------------------

  private use(font: string, size: number, color: string): void {
    if (font !== this.font) this.doc.font(font);
    if (size !== this.size) this.doc.fontSize(size);
    if (color !== this.color) this.doc.fillColor(color);
    this.font = font;
    this.size = size;
    this.color = color;
  }

  private text(value: string, x: number, y: number): void {
    this.doc.text(value, x, y, { lineBreak: false });
  }

  private textRight(value: string, right: number, y: number): void {
    this.text(value, right - this.doc.widthOfString(value), y);
  }

  private width(value: string): number {
    return this.doc.widthOfString(value);
  }

  /** Greedy word wrap in the current font; a word wider than the column is cut by characters. */
  private wrap(value: string, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of value.split(' ')) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (this.width(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      current = word;
      while (this.width(current) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && this.width(current.slice(0, cut)) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current !== '' || lines.length === 0) lines.push(current);
    return lines;
  }

  private rule(y: number, color: string = COLOR.rule, lineWidth = 0.5, left = LEFT, right = RIGHT): void {
    this.doc.moveTo(left, y).lineTo(right, y).lineWidth(lineWidth).strokeColor(color).stroke();
  }

  private fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fill(color);
    this.color = color; // fill() leaves the fill colour set
  }

  private date(date: IsoDate, style: 'long' | 'medium' = 'long'): string {
    return formatCalendarDate(date, this.locale, style);
  }

  private category(category: Section['category']): string {
    return this.t(CATEGORY_MESSAGE[category]);
  }

  // ---- pages ----------------------------------------------------------------------------------------------------

  private newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.use(FONT.bold, 10, COLOR.brand);
    this.text(DEFAULT_BRAND_NAME, LEFT, this.y);
    this.use(FONT.regular, 8, COLOR.muted);
    const running = `${this.t('statement.accountNumber')} ${pdfSafe(this.statement.accountNumber)}  ·  ${this.date(this.statement.statementDate)}`;
    this.textRight(running, RIGHT, this.y + 2);
    this.rule(this.y + 16, COLOR.brand, 1);
    this.y += 28;
  }

  /** Starts a new page when `height` does not fit; `afterBreak` redraws what a continued block needs on top. */
  private ensureSpace(height: number, afterBreak?: () => void): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.newPage();
    afterBreak?.();
  }

  // ---- blocks ---------------------------------------------------------------------------------------------------

  render(options: StatementPdfOptions): void {
    this.header();
    this.summary();
    this.charges();
    this.changes();
    this.footers(options);
  }

  private header(): void {
    const s = this.statement;
    this.use(FONT.bold, 20, COLOR.brand);
    this.text(DEFAULT_BRAND_NAME, LEFT, this.y);
    this.use(FONT.bold, 14, COLOR.ink);
    this.textRight(this.t('statement.title'), RIGHT, this.y + 1);
    this.use(FONT.regular, 9, COLOR.muted);
    this.textRight(this.date(s.statementDate), RIGHT, this.y + 19);
    this.rule(this.y + 34, COLOR.brand, 1.5);

    const top = this.y + 48;
    this.use(FONT.bold, 8, COLOR.muted);
    this.text(this.t('statement.billTo'), LEFT, top);
    const leftWidth = 236; // the account details start at x 300
    let leftY = top + 12;
    this.use(FONT.bold, 11, COLOR.ink);
    for (const text of this.wrap(pdfSafe(s.companyName), leftWidth)) {
      this.text(text, LEFT, leftY);
      leftY += 14;
    }
    leftY += 2;
    this.use(FONT.regular, 9.5, COLOR.ink);
    const address = s.billToAddress;
    for (const part of [address.addressLine1, `${address.city}, ${address.state} ${address.zip}`]) {
      for (const text of this.wrap(pdfSafe(part), leftWidth)) {
        this.text(text, LEFT, leftY);
        leftY += 13;
      }
    }
    const leftBottom = leftY;

    const period = this.t('statement.periodRange', {
      start: this.date(s.periodStart, 'medium'),
      end: this.date(s.periodEnd, 'medium'),
    });
    const rows: [string, string][] = [
      [this.t('statement.accountNumber'), pdfSafe(s.accountNumber)],
      [this.t('statement.statementDate'), this.date(s.statementDate)],
      [this.t('statement.servicePeriod'), period],
      [this.t('statement.dueDate'), this.date(s.dueDate)],
    ];
    const blockLeft = 300;
    let y = top;
    for (const [label, value] of rows) {
      this.use(FONT.regular, 9, COLOR.muted);
      this.text(label, blockLeft, y);
      const labelWidth = this.width(label);
      this.use(FONT.bold, 9, COLOR.ink);
      if (labelWidth + this.width(value) + 12 > RIGHT - blockLeft) y += 12; // too long for one line: value below
      this.textRight(value, RIGHT, y);
      y += 15;
    }
    this.y = Math.max(leftBottom, y) + 14;
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

  private heading(title: string): void {
    this.ensureSpace(80);
    this.use(FONT.bold, 13, COLOR.ink);
    this.text(title, LEFT, this.y);
    this.rule(this.y + 18, COLOR.ink, 0.75);
    this.y += 26;
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

  /** Page numbers and the help line on every page, once the page count is known (pages are buffered). */
  private footers(options: StatementPdfOptions): void {
    const help = options.customerServicePhone
      ? this.t('statement.footer.helpWithPhone', {
          brand: DEFAULT_BRAND_NAME,
          phone: pdfSafe(options.customerServicePhone),
        })
      : this.t('statement.footer.help', { brand: DEFAULT_BRAND_NAME });
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      // switching pages resets nothing we track except the graphics state of the new page's content stream
      this.font = '';
      this.size = 0;
      this.color = '';
      this.rule(FOOTER_TOP, COLOR.rule, 0.5);
      this.use(FONT.regular, 7.5, COLOR.muted);
      let y = FOOTER_TOP + 7;
      for (const text of this.wrap(help, 380)) {
        this.text(text, LEFT, y);
        y += 10;
      }
      this.use(FONT.bold, 8, COLOR.ink);
      this.textRight(
        this.t('statement.page', { page: index - range.start + 1, pages: range.count }),
        RIGHT,
        FOOTER_TOP + 7,
      );
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
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const t = translator(locale);
      const date = formatCalendarDate(statement.statementDate, locale);
      const doc = new PDFDocument({
        size: 'LETTER',
        margins: { top: TOP, bottom: 0, left: LEFT, right: PAGE.width - RIGHT },
        bufferPages: true,
        compress: true,
        lang: INTL_LOCALE_TAGS[locale],
        displayTitle: true,
        info: {
          Title: t('statement.documentTitle', { brand: DEFAULT_BRAND_NAME, date }),
          Author: DEFAULT_BRAND_NAME,
          Creator: DEFAULT_BRAND_NAME,
          Producer: DEFAULT_BRAND_NAME,
          CreationDate: calendarDateTime(statement.statementDate),
        },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
      new StatementLayout(doc, statement, locale, t, moneyFormatter(locale)).render(options);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
