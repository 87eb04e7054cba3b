import type { IsoDate } from '@vireo/shared';

/** spec §5: the payment date field reads `MM/DD/YY`. */
export function toShortUsDate(iso: IsoDate): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${(year ?? '').slice(-2)}`;
}
