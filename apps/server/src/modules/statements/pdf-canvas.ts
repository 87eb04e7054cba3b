import type { Locale } from '@vireo/shared';
import PDFDocument from 'pdfkit';
import { INTL_LOCALE_TAGS } from '../../messages/intl';

/** The page, the standard fonts and the drawing primitives of the printable statement (statement-pdf.ts). */

export const PAGE = { width: 612, height: 792 } as const; // US Letter, points
export const LEFT = 50;
export const RIGHT = PAGE.width - 50;
export const TOP = 46;
export const CONTENT_BOTTOM = 712;
export const FOOTER_TOP = 728;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export const COLOR = {
  brand: '#1F6F50',
  ink: '#1C2321',
  muted: '#5E6B66',
  rule: '#D3DBD7',
  tint: '#F1F6F3',
  band: '#E3EEE8',
} as const;

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

export type Doc = InstanceType<typeof PDFDocument>;

/**
 * A letter-size document on this canvas in `locale` (its title and brand in the file's properties), drawn by `draw`,
 * as its bytes: the statement, the interruption letter and the bulk agreement. The same input gives the same bytes.
 */
export function renderPdf(
  meta: { locale: Locale; title: string; brand: string; createdAt: Date; bufferPages?: boolean },
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const doc = new PDFDocument({
        size: 'LETTER',
        margins: { top: TOP, bottom: 0, left: LEFT, right: PAGE.width - RIGHT },
        ...(meta.bufferPages ? { bufferPages: true } : {}),
        compress: true,
        lang: INTL_LOCALE_TAGS[meta.locale],
        displayTitle: true,
        info: {
          Title: meta.title,
          Author: meta.brand,
          Creator: meta.brand,
          Producer: meta.brand,
          CreationDate: meta.createdAt,
        },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** Explicit coordinates and our own word wrapping: pdfkit's automatic flow is never used (statement-pdf.ts). */
export class PdfCanvas {
  protected y = TOP;
  private font: string = FONT.regular;
  private size = 10;
  protected color: string = COLOR.ink;

  constructor(protected readonly doc: Doc) {}

  /** After switching pages: the new page's content stream starts with none of the state we track. */
  protected forgetState(): void {
    this.font = '';
    this.size = 0;
    this.color = '';
  }

  protected use(font: string, size: number, color: string): void {
    if (font !== this.font) this.doc.font(font);
    if (size !== this.size) this.doc.fontSize(size);
    if (color !== this.color) this.doc.fillColor(color);
    this.font = font;
    this.size = size;
    this.color = color;
  }

  protected text(value: string, x: number, y: number): void {
    this.doc.text(value, x, y, { lineBreak: false });
  }

  protected textRight(value: string, right: number, y: number): void {
    this.text(value, right - this.doc.widthOfString(value), y);
  }

  protected width(value: string): number {
    return this.doc.widthOfString(value);
  }

  /** Greedy word wrap in the current font; a word wider than the column is cut by characters. */
  protected wrap(value: string, width: number): string[] {
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

  protected rule(y: number, color: string = COLOR.rule, lineWidth = 0.5, left = LEFT, right = RIGHT): void {
    this.doc.moveTo(left, y).lineTo(right, y).lineWidth(lineWidth).strokeColor(color).stroke();
  }

  protected fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fill(color);
    this.color = color; // fill() leaves the fill colour set
  }
}
