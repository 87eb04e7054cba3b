import { type Cents, DEFAULT_BRAND_NAME, type IsoDate, type Locale, type StatementDetail } from '@vireo/shared';
import type { MessageId, Translate } from '../../messages/intl';
import { formatCalendarDate } from './format';
import { COLOR, CONTENT_BOTTOM, type Doc, FONT, FOOTER_TOP, LEFT, PdfCanvas, pdfSafe, RIGHT, TOP } from './pdf-canvas';

export type StatementPdfOptions = {
  /** Business Customer Service number for the footer; without it the footer points to the portal's Support page. */
  customerServicePhone?: string;
};

type Section = StatementDetail['sections'][number];

const CATEGORY_MESSAGE: Record<Section['category'], MessageId> = {
  internet: 'billing.category.internet',
  tv: 'billing.category.tv',
  phone: 'billing.category.phone',
  mobile: 'billing.category.mobile',
  account: 'billing.category.account',
};

/** The statement's pages (statement-pdf.ts): the masthead, the running header of later pages, headings and footers. */
export class StatementPages extends PdfCanvas {
  constructor(
    doc: Doc,
    protected readonly statement: StatementDetail,
    protected readonly locale: Locale,
    protected readonly t: Translate,
    protected readonly money: (amount: Cents) => string,
  ) {
    super(doc);
  }

  protected date(date: IsoDate, style: 'long' | 'medium' = 'long'): string {
    return formatCalendarDate(date, this.locale, style);
  }

  protected category(category: Section['category']): string {
    return this.t(CATEGORY_MESSAGE[category]);
  }

  // ---- pages ----------------------------------------------------------------------------------------------------

  protected newPage(): void {
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
  protected ensureSpace(height: number, afterBreak?: () => void): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.newPage();
    afterBreak?.();
  }

  protected header(): void {
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
    for (const [label, value] of rows) y = this.detailRow(label, value, blockLeft, y);
    if (s.statementCode !== null) y = this.securityCode(s.statementCode, blockLeft, y);
    this.y = Math.max(leftBottom, y) + 14;
  }

  /** One account detail: the label at `left`, the value at the right edge (below the label when both do not fit). */
  private detailRow(label: string, value: string, left: number, top: number): number {
    let y = top;
    this.use(FONT.regular, 9, COLOR.muted);
    this.text(label, left, y);
    const labelWidth = this.width(label);
    this.use(FONT.bold, 9, COLOR.ink);
    if (labelWidth + this.width(value) + 12 > RIGHT - left) y += 12; // too long for one line: value below
    this.textRight(value, RIGHT, y);
    return y + 15;
  }

  /** issue 17 (wider-portal.md §1): the statement security code, and what it is for, under the account details. */
  private securityCode(code: string, left: number, top: number): number {
    let y = this.detailRow(this.t('statement.securityCode'), pdfSafe(code), left, top) - 3;
    this.use(FONT.regular, 7.5, COLOR.muted);
    for (const text of this.wrap(this.t('statement.securityCodeNote', { brand: DEFAULT_BRAND_NAME }), RIGHT - left)) {
      this.text(text, left, y);
      y += 10;
    }
    return y + 5;
  }

  protected heading(title: string): void {
    this.ensureSpace(80);
    this.use(FONT.bold, 13, COLOR.ink);
    this.text(title, LEFT, this.y);
    this.rule(this.y + 18, COLOR.ink, 0.75);
    this.y += 26;
  }

  /** Page numbers and the help line on every page, once the page count is known (pages are buffered). */
  protected footers(options: StatementPdfOptions): void {
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
      this.forgetState();
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
