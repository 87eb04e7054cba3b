import { DATE_FORMAT_OPTIONS, DEFAULT_BRAND_NAME, type IsoDate, type Locale } from '@vireo/shared';
import { INTL_LOCALE_TAGS, type MessageId, type MessageValues, type Translate, translator } from '../../messages/intl';
import { formatCalendarDate, moneyFormatter } from '../statements/format';
import {
  COLOR,
  type Doc,
  FONT,
  FOOTER_TOP,
  LEFT,
  PdfCanvas,
  pdfSafe,
  RIGHT,
  renderPdf,
} from '../statements/pdf-canvas';
import { durationText, servicesText as listedServices, type OutageService } from './outage-words';

/**
 * The service-interruption letter of an outage that is over (issue 20 item 8, wider-portal.md §8): one US Letter page,
 * in the user's language, that a business can hand to its own customers or its insurer. Laid out like the statement
 * (statement-pdf.ts): explicit coordinates, our own word wrapping, the standard Helvetica fonts only. Every time is
 * printed on the service address's clock with its zone abbreviation; the same letter always gives the same bytes.
 */

type Service = OutageService;
type Cause = 'fiber_cut' | 'power' | 'equipment' | 'weather' | 'upgrade';

export type InterruptionLetter = {
  companyName: string;
  /** the account number's last 4 digits only */
  accountLast4: string;
  serviceAddress: string; // "88 Orange Ave, Orlando, FL 32801"
  reference: string; // "OUT-24117"
  region: string; // "Downtown Orlando, FL"
  services: Service[];
  cause: Cause;
  startsAt: Date;
  endedAt: Date;
  /** IANA zone of the service address: every time is printed on this clock, with its zone abbreviation */
  timeZone: string;
  affectedMinutes: number;
  credit: { amountCents: number; days: number; requestedOn: string /* ISO date */ } | null;
  /** the letter's date and the PDF's CreationDate (deterministic output: same input, same bytes) */
  issuedAt: Date;
};

const CAUSE_WORDS: Record<Cause, MessageId> = {
  fiber_cut: 'letter.cause.fiberCut',
  power: 'letter.cause.power',
  equipment: 'letter.cause.equipment',
  weather: 'letter.cause.weather',
  upgrade: 'letter.cause.upgrade',
};

class LetterLayout extends PdfCanvas {
  private readonly tag: string;
  private readonly translate: Translate;

  constructor(
    doc: Doc,
    private readonly letter: InterruptionLetter,
    private readonly locale: Locale,
  ) {
    super(doc);
    this.tag = INTL_LOCALE_TAGS[locale];
    this.translate = translator(locale);
  }

  /** A message in the letter's language, as the standard fonts can show it. */
  private t(id: MessageId, values?: MessageValues): string {
    return pdfSafe(this.translate(id, values));
  }

  private capitalized(text: string): string {
    return text.charAt(0).toLocaleUpperCase(this.tag) + text.slice(1);
  }

  /** An instant on the service address's clock. */
  private onClock(instant: Date, options: Intl.DateTimeFormatOptions): string {
    return pdfSafe(new Intl.DateTimeFormat(this.tag, { ...options, timeZone: this.letter.timeZone }).format(instant));
  }

  /** "November 29, 2026 at 9:20 AM EST" / "29 de noviembre de 2026 a las 9:20 a.m. EST". */
  private time(instant: Date): string {
    return this.onClock(instant, {
      ...DATE_FORMAT_OPTIONS.longDate,
      ...DATE_FORMAT_OPTIONS.time,
      timeZoneName: 'short',
    });
  }

  /** "5 hours and 20 minutes" / "5 horas y 20 minutos". */
  private duration(): string {
    return pdfSafe(durationText(this.translate, this.tag, this.letter.affectedMinutes));
  }

  /** `text` in the current font, wrapped to `width` from `x`, a line every `leading` points; moves down past it. */
  private paragraph(text: string, width = RIGHT - LEFT, leading = 15, x = LEFT): void {
    for (const line of this.wrap(text, width)) {
      this.text(line, x, this.y);
      this.y += leading;
    }
  }

  render(): void {
    const l = this.letter;
    const services = l.services;
    const servicesText = pdfSafe(listedServices(this.translate, this.tag, services));
    const cause = this.t(CAUSE_WORDS[l.cause]);
    const [start, end, duration] = [this.time(l.startsAt), this.time(l.endedAt), this.duration()];
    const [brand, company, reference] = [DEFAULT_BRAND_NAME, pdfSafe(l.companyName), pdfSafe(l.reference)];
    const [address, region, last4] = [pdfSafe(l.serviceAddress), pdfSafe(l.region), pdfSafe(l.accountLast4)];

    // masthead: the brand, the title and the day the letter was issued (on the address's clock)
    this.use(FONT.bold, 20, COLOR.brand);
    this.text(brand, LEFT, this.y);
    this.use(FONT.bold, 14, COLOR.ink);
    this.textRight(this.t('letter.title'), RIGHT, this.y + 1);
    this.use(FONT.regular, 9, COLOR.muted);
    this.textRight(this.onClock(l.issuedAt, DATE_FORMAT_OPTIONS.longDate), RIGHT, this.y + 19);
    this.rule(this.y + 34, COLOR.brand, 1.5);

    // the customer: company, service address, account ending
    this.y += 48;
    this.use(FONT.bold, 8, COLOR.muted);
    this.paragraph(this.t('letter.customer'), 320, 12);
    this.use(FONT.bold, 11, COLOR.ink);
    this.paragraph(company, 320, 14);
    this.use(FONT.regular, 9.5, COLOR.ink);
    this.paragraph(address, 320, 13);
    this.paragraph(this.t('letter.accountEnding', { last4 }), 320, 13);
    this.y += 22;

    this.use(FONT.regular, 10.5, COLOR.ink);
    this.paragraph(this.t('letter.opening'));
    this.y += 6;
    const who = { company, last4, address, services: servicesText, count: services.length };
    this.paragraph(this.t('letter.body', { ...who, brand, reference, region, start, end, duration, cause }));
    this.y += 14;

    const credit = l.credit
      ? this.t('letter.credit.requested', {
          amount: moneyFormatter(this.locale)(l.credit.amountCents),
          days: l.credit.days,
          date: formatCalendarDate(l.credit.requestedOn as IsoDate, this.locale),
        })
      : this.t('letter.credit.none');
    this.facts([
      ['letter.facts.reference', reference],
      ['letter.facts.area', region],
      ['letter.facts.services', this.capitalized(servicesText)],
      ['letter.facts.cause', this.capitalized(cause)],
      ['letter.facts.started', start],
      ['letter.facts.restored', end],
      ['letter.facts.duration', duration],
      ['letter.facts.credit', credit],
    ]);
    this.y += 18;

    this.use(FONT.regular, 10.5, COLOR.ink);
    this.paragraph(this.t('letter.closing', { brand, company, reference }));
    this.y += 14;
    this.paragraph(this.t('letter.signOff'));
    this.y += 18;
    this.use(FONT.bold, 10.5, COLOR.ink);
    this.paragraph(this.t('letter.signature', { brand }));

    this.rule(FOOTER_TOP, COLOR.rule, 0.5);
    this.use(FONT.regular, 7.5, COLOR.muted);
    this.text(this.t('letter.documentTitle', { brand, reference }), LEFT, FOOTER_TOP + 7);
  }

  /** The outage's facts: a label column and a value column, the value wrapped, a rule under every row. */
  private facts(rows: [MessageId, string][]): void {
    const valueLeft = LEFT + 160;
    this.use(FONT.bold, 12, COLOR.ink);
    this.text(this.t('letter.facts.title'), LEFT, this.y);
    this.rule(this.y + 17, COLOR.ink, 0.75);
    this.y += 22;
    for (const [label, value] of rows) {
      this.use(FONT.bold, 9, COLOR.muted);
      this.text(this.t(label), LEFT + 10, this.y + 4.5);
      this.use(FONT.regular, 9.5, COLOR.ink);
      this.y += 4;
      this.paragraph(value, RIGHT - 10 - valueLeft, 12, valueLeft);
      this.rule(this.y + 3);
      this.y += 4;
    }
  }
}

/** Renders the letter as a one-page PDF in `locale`; the same letter always gives the same bytes. */
export function renderInterruptionLetter(letter: InterruptionLetter, locale: 'en' | 'es'): Promise<Buffer> {
  const t = translator(locale);
  const title = t('letter.documentTitle', { brand: DEFAULT_BRAND_NAME, reference: letter.reference });
  return renderPdf({ locale, title, brand: DEFAULT_BRAND_NAME, createdAt: letter.issuedAt }, (doc) =>
    new LetterLayout(doc, letter, locale).render(),
  );
}
