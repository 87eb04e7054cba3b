/** A run of a message's plain text: words as they are, or an http(s) address to show as a link. */
export type TextPart = { type: 'text'; text: string } | { type: 'link'; href: string };

/** An http(s) address up to the next space, angle bracket or quote (e-mail text puts links on their own). */
const ADDRESS = /https?:\/\/[^\s<>"']+/g;
/** What ends a sentence around an address rather than the address itself. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** The address without the punctuation after it; a closing parenthesis stays only when the address opened one. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const trimmed = address.replace(TRAILING_PUNCTUATION, '');
    const unbalanced =
      trimmed.endsWith(')') && (trimmed.match(/\(/g)?.length ?? 0) < (trimmed.match(/\)/g)?.length ?? 0);
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === address) return address;
    address = next;
  }
}

function isAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The message's text split into runs, each http(s) address a link of its own; the runs joined are the text. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = trimAddress(match[0]);
    if (!isAddress(href)) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ type: 'text', text: plain });
    plain = '';
    parts.push({ type: 'link', href });
    last = match.index + href.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ type: 'text', text: plain });
  return parts;
}

/** An address of this portal (the page's own origin): it opens in the same tab, so a test can follow it. */
export function isSameOrigin(href: string, origin: string): boolean {
  try {
    return new URL(href).origin === origin;
  } catch {
    return false;
  }
}

/** A text message's subject line: its first line that has words. */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}
