import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page (one text run per line, as a PDF reader extracts it) and the document information. */
export async function readPdf(pdf: Buffer | Uint8Array): Promise<{ pages: string[]; info: Record<string, unknown> }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  const { info } = await document.getMetadata();
  await document.destroy();
  return { pages, info: { ...info } };
}
