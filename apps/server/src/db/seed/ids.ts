import { createHash } from 'node:crypto';

/**
 * A UUID (version 4 layout) made from a name: the same name, the same id. The demo rows added after the first seed
 * (equipment, voice) take theirs from here, not from the seeded faker, so the earlier demo data keeps its ids.
 */
export function idFrom(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A deterministic pseudo-random source (mulberry32) seeded by a name: the demo's generated records. */
export function randomFrom(name: string): () => number {
  let state = Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 8), 16);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
