/**
 * Text as a search compares it: lower case, accents folded ("Facturación" and "facturacion" read alike). The help
 * search's quick links, an article heading's anchor; PostgreSQL's `unaccent` does the same for the articles' text.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
