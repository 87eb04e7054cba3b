/** A US phone number as people write it: `4075550141` (or `+14075550141`) → `(407) 555-0141`; anything else as is. */
export function formatPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
