import type { CallGuardSettings, ForwardingSettings } from '@vireo/shared';

/** A North American number (10 digits, or E.164 `+1…`) as people write it: "(207) 555-0101"; anything else as it came. */
export function formatLineNumber(digits: string): string {
  const match = /^(?:\+1)?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/** A line's forwarding as the form shows it: each number written as people write it (the server keeps E.164). */
export function forwardingForDisplay(settings: ForwardingSettings): ForwardingSettings {
  const forward = <F extends { to: string }>(entry: F): F => ({ ...entry, to: formatLineNumber(entry.to) });
  return {
    ...settings,
    always: forward(settings.always),
    busy: forward(settings.busy),
    noAnswer: forward(settings.noAnswer),
    unreachable: forward(settings.unreachable),
    simultaneousRing: {
      ...settings.simultaneousRing,
      numbers: settings.simultaneousRing.numbers.map(formatLineNumber),
    },
    scheduleRules: settings.scheduleRules.map((rule) =>
      rule.action.type === 'forward' ? { ...rule, action: forward(rule.action) } : rule,
    ),
  };
}

/** A line's Call Guard as the form shows it: the numbers as people write them (prefixes are digits already). */
export function callGuardForDisplay(settings: CallGuardSettings): CallGuardSettings {
  return {
    ...settings,
    blockedNumbers: settings.blockedNumbers.map(formatLineNumber),
    allowedNumbers: settings.allowedNumbers.map(formatLineNumber),
  };
}

/** A message's length as a player shows it: "0:14", "1:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
