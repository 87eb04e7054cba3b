import { type Agreement, DATE_FORMAT_OPTIONS, type Locale, SERVICE_KEYS, type YearMonth } from '@vireo/shared';
import { INTL_LOCALE_TAGS, type MessageId, type MessageValues, type Translate, translator } from '../../messages/intl';
import { formatCalendarDate, moneyFormatter } from '../statements/format';
import {
  COLOR,
  CONTENT_BOTTOM,
  type Doc,
  FONT,
  FOOTER_TOP,
  LEFT,
  PdfCanvas,
  pdfSafe,
  RIGHT,
  renderPdf,
  TOP,
} from '../statements/pdf-canvas';

/**
 * The bulk agreement as a PDF (issue 22 item 6, wider-portal.md §10 contract details: "the agreement PDF"): the term,
 * the renewal, each property's units, services and rates, and the ramp schedules, in the reader's language. Drawn like
 * the statement and the service-interruption letter (statements/pdf-canvas.ts: explicit coordinates, our own wrapping,
 * the standard fonts); a page is added when the content reaches the footer. The same input gives the same bytes.
 */
export type AgreementDocument = {
  agreement: Agreement;
  brand: string;
  companyName: string;
  /** the account number's last 4 digits only */
  accountLast4: string;
  /** The document's date and the PDF's CreationDate. */
  issuedAt: Date;
  timeZone: string;
};

const SERVICE_WORDS: Record<(typeof SERVICE_KEYS)[number], MessageId> = {
  INTERNET: 'agreement.service.internet',
  VIDEO: 'agreement.service.tv',
  VOICE: 'agreement.service.phone',
  EMAIL: 'agreement.service.email',
  SECURITY: 'agreement.service.security',
  BACKUP: 'agreement.service.backup',
  DOMAIN: 'agreement.service.domain',
  WEB_HOSTING: 'agreement.service.webHosting',
  ETHERNET: 'agreement.service.ethernet',
  LAYER_3_VPN: 'agreement.service.vpn',
  OPTICAL_WAVE: 'agreement.service.opticalWave',
};

/** The properties table's columns: where each starts (or, for figures, ends). */
const COLUMN = { units: LEFT + 190, services: LEFT + 205, rate: LEFT + 420, monthly: RIGHT } as const;

class AgreementLayout extends PdfCanvas {
  private readonly translate: Translate;
  private readonly money: (cents: number) => string;
  private readonly monthFormat: Intl.DateTimeFormat;

  constructor(
    doc: Doc,
    private readonly input: AgreementDocument,
    private readonly locale: Locale,
  ) {
    super(doc);
    this.translate = translator(locale);
    this.money = moneyFormatter(locale);
    this.monthFormat = new Intl.DateTimeFormat(INTL_LOCALE_TAGS[locale], {
      ...DATE_FORMAT_OPTIONS.monthYear,
      timeZone: 'UTC',
    });
  }

  private t(id: MessageId, values?: MessageValues): string {
    return pdfSafe(this.translate(id, values));
  }

  private date(iso: string): string {
    return pdfSafe(formatCalendarDate(iso, this.locale));
  }

  private month(month: YearMonth): string {
    const [year, m] = month.split('-').map(Number);
    return pdfSafe(this.monthFormat.format(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)));
  }

  /** A new page when `height` more points would run into the footer. */
  private room(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.footer();
    this.doc.addPage();
    this.forgetState();
    this.y = TOP;
  }

  private paragraph(text: string, width = RIGHT - LEFT, leading = 15, x = LEFT): void {
    for (const line of this.wrap(text, width)) {
      this.room(leading);
      this.text(line, x, this.y);
      this.y += leading;
    }
  }

  private heading(id: MessageId): void {
    this.room(60);
    this.use(FONT.bold, 12, COLOR.ink);
    this.text(this.t(id), LEFT, this.y);
    this.rule(this.y + 17, COLOR.ink, 0.75);
    this.y += 24;
  }

  private footer(): void {
    const { agreement, brand } = this.input;
    this.rule(FOOTER_TOP, COLOR.rule, 0.5);
    this.use(FONT.regular, 7.5, COLOR.muted);
    this.text(this.t('agreement.documentTitle', { brand, reference: agreement.reference }), LEFT, FOOTER_TOP + 7);
  }

  render(): void {
    const { agreement, brand, companyName } = this.input;
    const issued = pdfSafe(
      new Intl.DateTimeFormat(INTL_LOCALE_TAGS[this.locale], {
        ...DATE_FORMAT_OPTIONS.longDate,
        timeZone: this.input.timeZone,
      }).format(this.input.issuedAt),
    );

    // masthead: the brand, the title, the reference and the day it was printed
    this.use(FONT.bold, 20, COLOR.brand);
    this.text(pdfSafe(brand), LEFT, this.y);
    this.use(FONT.bold, 14, COLOR.ink);
    this.textRight(this.t('agreement.title'), RIGHT, this.y + 1);
    this.use(FONT.regular, 9, COLOR.muted);
    this.textRight(this.t('agreement.reference', { reference: agreement.reference }), RIGHT, this.y + 19);
    this.textRight(this.t('agreement.issued', { date: issued }), RIGHT, this.y + 31);
    this.rule(this.y + 46, COLOR.brand, 1.5);

    this.y += 60;
    this.use(FONT.bold, 8, COLOR.muted);
    this.paragraph(this.t('agreement.customer'), 320, 12);
    this.use(FONT.bold, 11, COLOR.ink);
    this.paragraph(pdfSafe(companyName), 320, 14);
    this.use(FONT.regular, 9.5, COLOR.ink);
    this.paragraph(this.t('agreement.accountEnding', { last4: this.input.accountLast4 }), 320, 13);
    this.y += 14;
    this.use(FONT.regular, 10.5, COLOR.ink);
    this.paragraph(this.t('agreement.opening', { brand, company: pdfSafe(companyName) }));
    this.y += 14;

    this.terms();
    this.y += 18;
    this.properties();
    this.y += 18;
    this.ramps();
    this.footer();
  }

  private terms(): void {
    const { agreement: a } = this.input;
    const renewal = a.renewal.autoRenews
      ? this.t('agreement.terms.renewsAutomatically', { date: this.date(a.renewal.date), months: a.renewal.termMonths })
      : this.t('agreement.terms.endsUnlessRenewed', { date: this.date(a.renewal.date) });
    const rows: [MessageId, string][] = [
      [
        'agreement.terms.term',
        this.t('agreement.terms.termValue', {
          start: this.date(a.termStart),
          end: this.date(a.termEnd),
          months: a.termMonths,
        }),
      ],
      ['agreement.terms.renewal', renewal],
      [
        'agreement.terms.notice',
        this.t('agreement.terms.noticeValue', { days: a.renewal.noticeDays, date: this.date(a.renewal.noticeBy) }),
      ],
      ['agreement.terms.units', String(a.unitsContracted)],
      ['agreement.terms.fullMonth', this.money(a.fullMonthCents)],
    ];
    this.heading('agreement.terms.title');
    const valueLeft = LEFT + 170;
    for (const [label, value] of rows) {
      this.room(20);
      this.use(FONT.bold, 9, COLOR.muted);
      this.text(this.t(label), LEFT + 10, this.y + 4.5);
      this.use(FONT.regular, 9.5, COLOR.ink);
      this.y += 4;
      this.paragraph(value, RIGHT - 10 - valueLeft, 12, valueLeft);
      this.rule(this.y + 3);
      this.y += 4;
    }
  }

  private properties(): void {
    const { agreement: a } = this.input;
    this.heading('agreement.properties.title');
    this.use(FONT.bold, 8.5, COLOR.muted);
    this.text(this.t('agreement.properties.property'), LEFT, this.y);
    this.textRight(this.t('agreement.properties.units'), COLUMN.units, this.y);
    this.text(this.t('agreement.properties.services'), COLUMN.services, this.y);
    this.textRight(this.t('agreement.properties.rate'), COLUMN.rate, this.y);
    this.textRight(this.t('agreement.properties.monthly'), COLUMN.monthly, this.y);
    this.y += 16;
    for (const property of a.properties) {
      const services = property.services.map((each) =>
        this.t('agreement.properties.serviceRate', {
          service: this.t(SERVICE_WORDS[each.service]),
          rate: this.money(each.rateCents),
        }),
      );
      this.room(16 * Math.max(1, services.length) + 6);
      const top = this.y;
      this.use(FONT.regular, 9.5, COLOR.ink);
      this.text(pdfSafe(property.name), LEFT, top);
      this.textRight(String(property.unitsContracted), COLUMN.units, top);
      this.textRight(this.money(property.rateCents), COLUMN.rate, top);
      this.textRight(this.money(property.fullMonthCents), COLUMN.monthly, top);
      services.forEach((line, index) => {
        this.text(line, COLUMN.services, top + index * 13);
      });
      this.y = top + 13 * Math.max(1, services.length) + 2;
      this.rule(this.y);
      this.y += 6;
    }
    this.use(FONT.bold, 9.5, COLOR.ink);
    this.text(this.t('agreement.properties.total'), LEFT, this.y);
    this.textRight(String(a.unitsContracted), COLUMN.units, this.y);
    this.textRight(this.money(a.fullMonthCents), COLUMN.monthly, this.y);
    this.y += 16;
  }

  private ramps(): void {
    const { agreement: a } = this.input;
    this.heading('agreement.ramp.title');
    this.use(FONT.regular, 9.5, COLOR.ink);
    this.paragraph(this.t('agreement.ramp.intro'), RIGHT - LEFT, 13);
    this.y += 6;
    for (const property of a.properties) {
      const name = pdfSafe(property.name);
      const [first] = property.ramp;
      if (property.ramp.length <= 1) {
        this.use(FONT.regular, 9.5, COLOR.ink);
        const line = first
          ? this.t('agreement.ramp.full', { property: name, units: first.units, month: this.month(first.month) })
          : this.t('agreement.ramp.none', { property: name });
        this.paragraph(line, RIGHT - LEFT, 14);
        continue;
      }
      this.room(34);
      this.use(FONT.bold, 9.5, COLOR.ink);
      this.paragraph(name, RIGHT - LEFT, 14);
      // the steps in three columns, a row every 13 points
      const width = (RIGHT - LEFT - 10) / 3;
      this.use(FONT.regular, 9, COLOR.ink);
      for (let index = 0; index < property.ramp.length; index += 3) {
        this.room(13);
        property.ramp.slice(index, index + 3).forEach((step, column) => {
          const words = this.t('agreement.ramp.step', { month: this.month(step.month), units: step.units });
          this.text(words, LEFT + 10 + column * width, this.y);
        });
        this.y += 13;
      }
      this.y += 6;
    }
  }
}

/** Renders the agreement as a PDF in `locale`; the same input always gives the same bytes. */
export function renderAgreementDocument(input: AgreementDocument, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const title = t('agreement.documentTitle', { brand: input.brand, reference: input.agreement.reference });
  return renderPdf({ locale, title, brand: input.brand, createdAt: input.issuedAt }, (doc) =>
    new AgreementLayout(doc, input, locale).render(),
  );
}
