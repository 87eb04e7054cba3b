/**
 * A fresh Idempotency-Key (architecture.md, money-moving requests). `crypto.randomUUID` exists only in secure
 * contexts; elsewhere a version 4 UUID is built from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per intent: the same request body keeps its key (a retry or a double click is the same payment), a
 * different body gets a new one (the server refuses a key reused with another body), and `reset` after a result
 * makes the next payment a new intent.
 */
export class IntentKey {
  private current: { key: string; body: string } | null = null;

  for(body: unknown): string {
    const text = JSON.stringify(body);
    if (!this.current || this.current.body !== text) this.current = { key: newIdempotencyKey(), body: text };
    return this.current.key;
  }

  reset(): void {
    this.current = null;
  }
}
