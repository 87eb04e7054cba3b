/**
 * Issue 23 item 4 (wider-portal.md §11): a support code is what a person reads out, or types into a ticket, from an
 * error message: eight characters of Crockford's base 32 in two groups (`K7QM-2XPA`), derived from the request's
 * trace id (spec §7.3: x-trace-id, transactionId or txnId; the server's request id otherwise). The server writes it
 * on every log line of that request and the analytics ingest on the events that name the trace id, so the code finds
 * both. Forty bits: codes of two requests of the same moment practically never meet.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A support code as shown: two groups of four characters of Crockford's base 32. */
export const SUPPORT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** FNV-1a (32 bits) of a string of ASCII characters (a trace id's, by its pattern), from the given basis. */
function fnv1a(text: string, basis: number): number {
  let hash = basis;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Four characters from the top 20 bits of a 32-bit number. */
function group(hash: number): string {
  let out = '';
  for (const shift of [27, 22, 17, 12]) out += ALPHABET[(hash >>> shift) & 31];
  return out;
}

/** The support code of a trace id: the same on the server and in the browser. */
export function supportCodeOf(traceId: string): string {
  const first = fnv1a(traceId, 0x811c9dc5);
  return `${group(first)}-${group(fnv1a(traceId, first ^ 0x9e3779b9))}`;
}

/**
 * A code as a person typed it, in its canonical form, or null: case, spaces and dashes do not matter, and the letters
 * Crockford's alphabet leaves out are read as the digits they look like (O as 0, I and L as 1).
 */
export function parseSupportCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== 8 || [...compact].some((char) => !ALPHABET.includes(char))) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
