import type { Translate } from '../../messages/intl';

export type OutageService = 'internet' | 'tv' | 'phone';
const SERVICE_ORDER: readonly OutageService[] = ['internet', 'tv', 'phone'];

/** "Internet and phone" / "internet y teléfono": the services in their order, as a sentence says them. */
export function servicesText(t: Translate, tag: string, services: readonly string[]): string {
  return new Intl.ListFormat(tag, { type: 'conjunction' }).format(
    SERVICE_ORDER.filter((service) => services.includes(service)).map((service) => t(`outageCare.service.${service}`)),
  );
}

/** "5 hours and 20 minutes" / "5 horas y 20 minutos" (Intl.DurationFormat is not in Node 20). */
export function durationText(t: Translate, tag: string, totalMinutes: number): string {
  const total = Math.max(0, Math.round(totalMinutes));
  const [hours, minutes] = [Math.floor(total / 60), total % 60];
  const parts: string[] = [];
  if (hours > 0) parts.push(t('outageCare.duration.hours', { hours }));
  if (minutes > 0 || hours === 0) parts.push(t('outageCare.duration.minutes', { minutes }));
  return new Intl.ListFormat(tag, { type: 'conjunction' }).format(parts);
}
