import { describe, expect, it } from 'vitest';
import {
  type CallGuardSettings,
  CallGuardSettingsSchema,
  type ForwardingSettings,
  ForwardingSettingsSchema,
} from '../schemas/voice-settings';
import {
  type LocalMoment,
  localMomentOf,
  normalizeBlockedPrefix,
  normalizeNanp,
  type VoiceCardInput,
  validateCallerIdName,
  voiceCard,
} from './voice';
import {
  DEFAULT_RINGS_TO_VOICEMAIL,
  lineScheduleDay,
  matchScheduleRule,
  replacesVoicemail,
  type ScheduleDay,
  validateForwarding,
  voiceClockMinutes,
} from './voice-forwarding';
import { validateCallGuard } from './voice-guard';
import { type SimulationInput, simulateCall } from './voice-simulator';

// demo data (demo-data.md): Harbor Coffee's Front counter line and a mobile to forward to
const LINE = '207-555-0101';
const LINE_E164 = '+12075550101';
const OFFICE = '+12075550102';
const MOBILE = '(312) 555-0148';
const MOBILE_E164 = '+13125550148';
const RULE_IDS = [
  '0b9c4f8e-4a57-4c1e-9a3d-6f0e2b7d1a01',
  '0b9c4f8e-4a57-4c1e-9a3d-6f0e2b7d1a02',
  '0b9c4f8e-4a57-4c1e-9a3d-6f0e2b7d1a03',
] as const;
const OPEN = { open: '08:00', close: '17:00' };

function forwarding(patch: Partial<ForwardingSettings> = {}): ForwardingSettings {
  return {
    always: { enabled: false, to: '' },
    busy: { enabled: false, to: '' },
    noAnswer: { enabled: false, to: '', rings: 4 },
    unreachable: { enabled: false, to: '' },
    simultaneousRing: { enabled: false, numbers: [] },
    businessHours: { mon: OPEN, tue: OPEN, wed: OPEN, thu: OPEN, fri: OPEN, sat: null, sun: null },
    holidays: ['2026-12-25'],
    scheduleRules: [],
    hoursPropertyId: null,
    ...patch,
  };
}

function guard(patch: Partial<CallGuardSettings> = {}): CallGuardSettings {
  return {
    level: 'label',
    blockedNumbers: [],
    blockedPrefixes: [],
    blockAnonymous: false,
    allowedNumbers: [],
    ...patch,
  };
}

const numbers = (count: number) => Array.from({ length: count }, (_, i) => `+1 207 555 ${String(i).padStart(4, '0')}`);

describe('normalizeNanp (wider-portal.md §6: North American numbers, libphonenumber-js)', () => {
  it.each([
    ['207-555-0101', { ok: true, value: '+12075550101' }],
    ['(207) 555-0199', { ok: true, value: '+12075550199' }],
    ['(312) 555-0148', { ok: true, value: '+13125550148' }],
    ['+1 207 555 0101', { ok: true, value: '+12075550101' }],
    ['1-207-555-0101', { ok: true, value: '+12075550101' }],
    ['  207.555.0101  ', { ok: true, value: '+12075550101' }],
    ['+1 416 555 0101', { ok: true, value: '+14165550101' }], // Canada is NANP
    ['', { ok: false, message: 'voice.number.required' }],
    ['   ', { ok: false, message: 'voice.number.required' }],
    ['555-0101', { ok: false, message: 'voice.number.invalid' }],
    ['(555) 201-0147', { ok: false, message: 'voice.number.invalid' }], // no such area code
    ['207 555 010', { ok: false, message: 'voice.number.invalid' }],
    ['1-800-FLOWERS', { ok: false, message: 'voice.number.invalid' }],
    ['+1 207 555 0101 ext 12', { ok: false, message: 'voice.number.invalid' }],
    ['hello', { ok: false, message: 'voice.number.invalid' }],
    [`207-555-0101${' '.repeat(20)}x`, { ok: false, message: 'voice.number.invalid' }], // over 30 characters
    ['+44 20 7946 0958', { ok: false, message: 'voice.number.notNanp' }],
    ['011 44 20 7946 0958', { ok: false, message: 'voice.number.notNanp' }],
  ])('%j: %j', (text, expected) => {
    expect(normalizeNanp(text)).toEqual(expected);
  });
});

describe('normalizeBlockedPrefix (3-10 digits after the country code)', () => {
  it.each([
    ['900', { ok: true, value: '900' }],
    ['+1 900', { ok: true, value: '900' }],
    ['1-900', { ok: true, value: '900' }],
    ['(207) 555', { ok: true, value: '207555' }],
    ['207555', { ok: true, value: '207555' }],
    ['+1 (207) 555-0101', { ok: true, value: '2075550101' }],
    ['90', { ok: false, message: 'voice.prefix.invalid' }],
    ['+1 90', { ok: false, message: 'voice.prefix.invalid' }],
    ['20755501011', { ok: false, message: 'voice.prefix.invalid' }],
    ['012', { ok: false, message: 'voice.prefix.invalid' }],
    ['+44 20', { ok: false, message: 'voice.prefix.invalid' }],
    ['9OO', { ok: false, message: 'voice.prefix.invalid' }],
    ['', { ok: false, message: 'voice.prefix.invalid' }],
  ])('%j: %j', (text, expected) => {
    expect(normalizeBlockedPrefix(text)).toEqual(expected);
  });
});

describe('validateForwarding (wider-portal.md §6 Forwarding)', () => {
  it('accepts the defaults and a full, valid set', () => {
    expect(validateForwarding(forwarding(), LINE)).toEqual([]);
    const full = forwarding({
      busy: { enabled: true, to: MOBILE },
      noAnswer: { enabled: true, to: MOBILE, rings: 6 },
      unreachable: { enabled: false, to: OFFICE },
      simultaneousRing: { enabled: true, numbers: numbers(5) },
      businessHours: { ...forwarding().businessHours, sat: { open: '00:00', close: '24:00' } },
      holidays: ['2026-12-25', '2026-07-04'],
      scheduleRules: [{ id: RULE_IDS[0], when: 'after_hours', action: { type: 'forward', to: MOBILE } }],
    });
    expect(validateForwarding(full, LINE)).toEqual([]);
  });

  it.each<[string, Partial<ForwardingSettings>, { path: string; code: string }[]]>([
    [
      'a target when enabled',
      { busy: { enabled: true, to: ' ' } },
      [{ path: 'body.busy.to', code: 'voice.number.required' }],
    ],
    [
      'a valid number',
      { noAnswer: { enabled: true, to: '555-0101', rings: 4 } },
      [{ path: 'body.noAnswer.to', code: 'voice.number.invalid' }],
    ],
    [
      'a kept target is valid even when off',
      { unreachable: { enabled: false, to: '12345' } },
      [{ path: 'body.unreachable.to', code: 'voice.number.invalid' }],
    ],
    [
      'a North American number',
      { always: { enabled: true, to: '+44 20 7946 0958' } },
      [{ path: 'body.always.to', code: 'voice.number.notNanp' }],
    ],
    [
      "not the line's own number",
      { always: { enabled: true, to: '+1 (207) 555-0101' } },
      [{ path: 'body.always.to', code: 'voice.forwarding.ownLine' }],
    ],
    [
      'rings at least 2',
      { noAnswer: { enabled: false, to: '', rings: 1 } },
      [{ path: 'body.noAnswer.rings', code: 'voice.forwarding.rings.range' }],
    ],
    [
      'rings at most 6',
      { noAnswer: { enabled: true, to: MOBILE, rings: 7 } },
      [{ path: 'body.noAnswer.rings', code: 'voice.forwarding.rings.range' }],
    ],
    [
      'whole rings',
      { noAnswer: { enabled: true, to: MOBILE, rings: 2.5 } },
      [{ path: 'body.noAnswer.rings', code: 'voice.forwarding.rings.range' }],
    ],
    [
      'simultaneous ring needs a number',
      { simultaneousRing: { enabled: true, numbers: [] } },
      [{ path: 'body.simultaneousRing.numbers', code: 'voice.forwarding.simultaneous.required' }],
    ],
    [
      'at most 5 simultaneous numbers',
      { simultaneousRing: { enabled: true, numbers: numbers(6) } },
      [{ path: 'body.simultaneousRing.numbers', code: 'voice.forwarding.simultaneous.tooMany' }],
    ],
    [
      'simultaneous numbers: valid, distinct, not the line',
      { simultaneousRing: { enabled: true, numbers: [MOBILE, 'nope', MOBILE_E164, LINE_E164] } },
      [
        { path: 'body.simultaneousRing.numbers.1', code: 'voice.number.invalid' },
        { path: 'body.simultaneousRing.numbers.2', code: 'voice.number.duplicate' },
        { path: 'body.simultaneousRing.numbers.3', code: 'voice.forwarding.ownLine' },
      ],
    ],
    [
      'opening before closing',
      {
        businessHours: {
          ...forwarding().businessHours,
          mon: { open: '17:00', close: '08:00' },
          tue: { open: '09:00', close: '09:00' },
        },
      },
      [
        { path: 'body.businessHours.mon.close', code: 'voice.forwarding.hours.order' },
        { path: 'body.businessHours.tue.close', code: 'voice.forwarding.hours.order' },
      ],
    ],
    [
      'HH:MM times (24:00 only closes)',
      {
        businessHours: {
          ...forwarding().businessHours,
          wed: { open: '8:00', close: '25:00' },
          sun: { open: '24:00', close: '24:00' },
        },
      },
      [
        { path: 'body.businessHours.wed.open', code: 'voice.forwarding.hours.invalid' },
        { path: 'body.businessHours.wed.close', code: 'voice.forwarding.hours.invalid' },
        { path: 'body.businessHours.sun.open', code: 'voice.forwarding.hours.invalid' },
      ],
    ],
    [
      'at most 30 holidays',
      { holidays: Array.from({ length: 31 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`) },
      [{ path: 'body.holidays', code: 'voice.forwarding.holidays.tooMany' }],
    ],
    [
      'holidays are dates, each once',
      { holidays: ['2026-12-25', '2026-02-30', '2026-12-25'] },
      [
        { path: 'body.holidays.1', code: 'voice.forwarding.holidays.invalid' },
        { path: 'body.holidays.2', code: 'voice.forwarding.holidays.duplicate' },
      ],
    ],
    [
      'at most 10 schedule rules',
      {
        scheduleRules: Array.from({ length: 11 }, () => ({
          id: RULE_IDS[0],
          when: 'always',
          action: { type: 'ring' },
        })),
      },
      [{ path: 'body.scheduleRules', code: 'voice.forwarding.rules.tooMany' }],
    ],
    [
      'a schedule forward needs a valid target, not the line; rule ids distinct',
      {
        scheduleRules: [
          { id: RULE_IDS[0], when: 'holiday', action: { type: 'voicemail' } },
          { id: RULE_IDS[0], when: 'after_hours', action: { type: 'forward', to: '' } },
          { id: RULE_IDS[1], when: 'always', action: { type: 'forward', to: LINE } },
        ],
      },
      [
        { path: 'body.scheduleRules.1.id', code: 'voice.forwarding.rules.duplicateId' },
        { path: 'body.scheduleRules.1.action.to', code: 'voice.number.required' },
        { path: 'body.scheduleRules.2.action.to', code: 'voice.forwarding.ownLine' },
      ],
    ],
  ])('%s', (_rule, patch, expected) => {
    expect(validateForwarding(forwarding(patch), LINE)).toEqual(expected);
  });
});

describe('replacesVoicemail (the "busy and no-answer forwarding replace voicemail" warning)', () => {
  const on = { enabled: true, to: MOBILE };
  it.each<[string, Partial<ForwardingSettings>, boolean]>([
    ['nothing on', {}, false],
    ['busy', { busy: on }, true],
    ['no answer', { noAnswer: { ...on, rings: 3 } }, true],
    ['always', { always: on }, true],
    ['unreachable only', { unreachable: on }, false],
    ['simultaneous ring only', { simultaneousRing: { enabled: true, numbers: [MOBILE] } }, false],
  ])('%s: %s', (_name, patch, expected) => {
    expect(replacesVoicemail(forwarding(patch))).toBe(expected);
  });
});

describe('the schedule: clock times and the first matching rule', () => {
  it.each([
    ['00:00', 0],
    ['08:30', 510],
    ['23:59', 1439],
    ['24:00', 1440],
    ['24:01', null],
    ['8:30', null],
    ['08:60', null],
  ])('voiceClockMinutes(%j) = %j', (text, minutes) => {
    expect(voiceClockMinutes(text)).toBe(minutes);
  });

  const rules: ForwardingSettings['scheduleRules'] = [
    { id: RULE_IDS[0], when: 'holiday', action: { type: 'voicemail' } },
    { id: RULE_IDS[1], when: 'business_hours', action: { type: 'ring' } },
    { id: RULE_IDS[2], when: 'after_hours', action: { type: 'forward', to: MOBILE } },
  ];
  it.each<[string, LocalMoment, ForwardingSettings['scheduleRules'], number | null]>([
    ['weekday at opening: business hours', { date: '2026-07-15', weekday: 'wed', minutes: 480 }, rules, 1],
    ['weekday at closing: after hours', { date: '2026-07-15', weekday: 'wed', minutes: 1020 }, rules, 2],
    ['weekday before opening', { date: '2026-07-15', weekday: 'wed', minutes: 479 }, rules, 2],
    ['closed Saturday', { date: '2026-07-04', weekday: 'sat', minutes: 720 }, rules, 2],
    [
      'a holiday in opening hours: the holiday rule first',
      { date: '2026-12-25', weekday: 'fri', minutes: 600 },
      rules,
      0,
    ],
    ['a holiday counts as after hours', { date: '2026-12-25', weekday: 'fri', minutes: 600 }, rules.slice(1), 1],
    [
      'no rule matches',
      { date: '2026-07-15', weekday: 'wed', minutes: 600 },
      [rules[0], rules[2]].filter((r) => r !== undefined),
      null,
    ],
    [
      'always',
      { date: '2026-07-15', weekday: 'wed', minutes: 600 },
      [{ id: RULE_IDS[0], when: 'always', action: { type: 'voicemail' } }],
      0,
    ],
    ['no rules', { date: '2026-07-15', weekday: 'wed', minutes: 600 }, [], null],
  ])('%s', (_name, at, scheduleRules, index) => {
    const settings = forwarding({ scheduleRules });
    expect(matchScheduleRule(scheduleRules, lineScheduleDay(settings, at), at.minutes)?.index ?? null).toBe(index);
  });

  // issue 22 item 5: a day of a property's business hours (two intervals, a lunch break; a closure is a holiday)
  const lunch: ScheduleDay = {
    holiday: false,
    intervals: [
      [540, 720],
      [780, 1020],
    ],
  };
  it.each<[string, ScheduleDay, number, number | null]>([
    ['in the morning interval', lunch, 600, 1],
    ['at the lunch break: after hours', lunch, 750, 2],
    ['in the afternoon interval', lunch, 780, 1],
    ['a closure: the holiday rule first', { holiday: true, intervals: [] }, 600, 0],
    ['a day with no interval: after hours', { holiday: false, intervals: [] }, 600, 2],
  ])('a property day, %s', (_name, day, minutes, index) => {
    expect(matchScheduleRule(rules, day, minutes)?.index ?? null).toBe(index);
  });
});

describe('validateCallGuard (wider-portal.md §6 Call Guard)', () => {
  it('accepts a valid set, an allowed number inside a blocked prefix included', () => {
    const valid = guard({
      blockedNumbers: ['+1 900 555 0101'],
      blockedPrefixes: ['900', '+1 207555'],
      allowedNumbers: [OFFICE],
      blockAnonymous: true,
    });
    expect(validateCallGuard(valid)).toEqual([]);
  });

  it.each<[string, Partial<CallGuardSettings>, { path: string; code: string }[]]>([
    [
      'at most 100 blocked numbers',
      { blockedNumbers: numbers(101) },
      [{ path: 'body.blockedNumbers', code: 'voice.guard.blocked.tooMany' }],
    ],
    [
      'at most 100 allowed numbers',
      { allowedNumbers: numbers(101) },
      [{ path: 'body.allowedNumbers', code: 'voice.guard.allowed.tooMany' }],
    ],
    [
      'at most 50 prefixes',
      { blockedPrefixes: Array.from({ length: 51 }, (_, i) => String(200 + i)) },
      [{ path: 'body.blockedPrefixes', code: 'voice.guard.prefixes.tooMany' }],
    ],
    [
      'blocked numbers: valid, North American, distinct',
      { blockedNumbers: ['', '+44 20 7946 0958', MOBILE, MOBILE_E164] },
      [
        { path: 'body.blockedNumbers.0', code: 'voice.number.required' },
        { path: 'body.blockedNumbers.1', code: 'voice.number.notNanp' },
        { path: 'body.blockedNumbers.3', code: 'voice.number.duplicate' },
      ],
    ],
    [
      'prefixes: 3-10 digits, distinct',
      { blockedPrefixes: ['900', '1 900', '12'] },
      [
        { path: 'body.blockedPrefixes.1', code: 'voice.prefix.duplicate' },
        { path: 'body.blockedPrefixes.2', code: 'voice.prefix.invalid' },
      ],
    ],
    [
      'allowed numbers: valid, distinct, not also blocked',
      { blockedNumbers: [MOBILE], allowedNumbers: ['x', OFFICE, OFFICE, MOBILE_E164] },
      [
        { path: 'body.allowedNumbers.0', code: 'voice.number.invalid' },
        { path: 'body.allowedNumbers.2', code: 'voice.number.duplicate' },
        { path: 'body.allowedNumbers.3', code: 'voice.guard.blockedAndAllowed' },
      ],
    ],
  ])('%s', (_rule, patch, expected) => {
    expect(validateCallGuard(guard(patch))).toEqual(expected);
  });
});

describe('the request schemas run the same rules, each issue with its code', () => {
  it('parses valid settings', () => {
    expect(ForwardingSettingsSchema.safeParse(forwarding()).success).toBe(true);
    expect(CallGuardSettingsSchema.safeParse(guard({ blockedNumbers: [MOBILE] })).success).toBe(true);
  });

  it('leaves the rules to the validators, which name the field and the rule (the service answers them as 400s)', () => {
    const settings = forwarding({ noAnswer: { enabled: true, to: '', rings: 9 } });
    expect(ForwardingSettingsSchema.safeParse(settings).success).toBe(true);
    expect(validateForwarding(settings, LINE)).toEqual([
      { path: 'body.noAnswer.to', code: 'voice.number.required' },
      { path: 'body.noAnswer.rings', code: 'voice.forwarding.rings.range' },
    ]);
    expect(validateCallGuard(guard({ blockedPrefixes: ['12'] })).map((error) => error.path)).toEqual([
      'body.blockedPrefixes.0',
    ]);
  });

  it('refuses an unknown level and unknown fields', () => {
    expect(CallGuardSettingsSchema.safeParse({ ...guard(), level: 'strict' }).success).toBe(false);
    expect(ForwardingSettingsSchema.safeParse({ ...forwarding(), extra: 1 }).success).toBe(false);
  });
});

describe('simulateCall (wider-portal.md §6 rule simulator)', () => {
  const WEDNESDAY_AFTERNOON: LocalMoment = { date: '2026-07-15', weekday: 'wed', minutes: 14 * 60 + 30 };
  const SATURDAY_22: LocalMoment = { date: '2026-03-07', weekday: 'sat', minutes: 22 * 60 };
  const CHRISTMAS_NOON: LocalMoment = { date: '2026-12-25', weekday: 'fri', minutes: 12 * 60 };
  const CALLER = '+1 617 555 0123';
  const simulate = (patch: Partial<SimulationInput>) =>
    simulateCall({
      line: { number: LINE },
      forwarding: forwarding(),
      guard: guard(),
      caller: { number: CALLER, suspectedSpam: false },
      at: WEDNESDAY_AFTERNOON,
      ...patch,
    });
  const stepIds = (result: ReturnType<typeof simulateCall>) => result.steps.map((step) => step.id);
  const ringsThen = [
    'voice.simulator.busyVoicemail',
    'voice.simulator.noAnswerVoicemail',
    'voice.simulator.unreachableVoicemail',
  ];

  describe('Call Guard', () => {
    const strict = guard({
      level: 'block',
      blockedNumbers: ['617-555-0199'],
      blockedPrefixes: ['617'],
      blockAnonymous: true,
      allowedNumbers: [CALLER],
    });
    it.each<[string, Partial<SimulationInput>, string, string | null, boolean]>([
      [
        'an allowed number in a blocked prefix rings (even suspected spam)',
        { guard: strict, caller: { number: CALLER, suspectedSpam: true } },
        'voice.simulator.allowedNumber',
        null,
        false,
      ],
      [
        'anonymous, blocked',
        { guard: strict, caller: { number: null, suspectedSpam: false } },
        'voice.simulator.anonymous',
        'anonymous',
        false,
      ],
      [
        'anonymous (blank), blocked',
        { guard: strict, caller: { number: ' ', suspectedSpam: false } },
        'voice.simulator.anonymous',
        'anonymous',
        false,
      ],
      [
        'anonymous, let through when not blocked',
        { guard: guard(), caller: { number: null, suspectedSpam: false } },
        'voice.simulator.guardPassed',
        null,
        false,
      ],
      [
        'a blocked number',
        { guard: strict, caller: { number: '(617) 555-0199', suspectedSpam: false } },
        'voice.simulator.blockedNumber',
        'blocked_number',
        false,
      ],
      [
        'a blocked prefix',
        { guard: strict, caller: { number: '+16175550150', suspectedSpam: false } },
        'voice.simulator.blockedPrefix',
        'blocked_prefix',
        false,
      ],
      [
        'lists apply with Call Guard off',
        { guard: { ...strict, level: 'off' }, caller: { number: '+16175550150', suspectedSpam: false } },
        'voice.simulator.blockedPrefix',
        'blocked_prefix',
        false,
      ],
      [
        'spam, level block',
        { guard: guard({ level: 'block' }), caller: { number: CALLER, suspectedSpam: true } },
        'voice.simulator.spamBlocked',
        'spam',
        false,
      ],
      [
        'spam, level label: through, labelled',
        { guard: guard({ level: 'label' }), caller: { number: CALLER, suspectedSpam: true } },
        'voice.simulator.labelledSpam',
        null,
        true,
      ],
      [
        'spam, level off: reputation ignored',
        { guard: guard({ level: 'off' }), caller: { number: CALLER, suspectedSpam: true } },
        'voice.simulator.spamIgnored',
        null,
        false,
      ],
      [
        'a caller outside North America matches no list',
        { guard: strict, caller: { number: '+44 20 7946 0958', suspectedSpam: false } },
        'voice.simulator.guardPassed',
        null,
        false,
      ],
    ])('%s', (_name, patch, firstStep, reason, labelled) => {
      const result = simulate(patch);
      expect(result.steps[0]?.id).toBe(firstStep);
      if (reason === null) {
        expect(result.outcome).toBe('ring');
        expect(result.outcome !== 'blocked' && result.labelledSpam).toBe(labelled);
      } else {
        expect(result).toEqual({ outcome: 'blocked', reason, steps: [result.steps[0]] });
      }
    });

    it('says which prefix blocked whom', () => {
      expect(simulate({ guard: strict, caller: { number: '617-555-0150', suspectedSpam: false } }).steps).toEqual([
        { id: 'voice.simulator.blockedPrefix', params: { number: '+16175550150', prefix: '617' } },
      ]);
    });
  });

  it('a weekday-afternoon call in business hours rings, then the no-answer forward after 4 rings to a mobile', () => {
    const result = simulate({
      forwarding: forwarding({
        noAnswer: { enabled: true, to: MOBILE, rings: 4 },
        scheduleRules: [{ id: RULE_IDS[0], when: 'business_hours', action: { type: 'ring' } }],
      }),
    });
    expect(result).toEqual({
      outcome: 'ring',
      numbers: [LINE_E164],
      labelledSpam: false,
      rule: 0,
      ifBusy: { action: 'voicemail' },
      ifNoAnswer: { action: 'forward', to: MOBILE_E164, rings: 4 },
      ifUnreachable: { action: 'voicemail' },
      steps: [
        { id: 'voice.simulator.guardPassed', params: {} },
        { id: 'voice.simulator.scheduleMatched', params: { rule: 0, position: 1, when: 'business_hours' } },
        { id: 'voice.simulator.ring', params: { line: LINE_E164, others: [], count: 0 } },
        { id: 'voice.simulator.busyVoicemail', params: {} },
        { id: 'voice.simulator.noAnswerForward', params: { to: MOBILE_E164, rings: 4 } },
        { id: 'voice.simulator.unreachableVoicemail', params: {} },
      ],
    });
  });

  it(`with no rules and no forwarding, the line rings and voicemail answers after ${DEFAULT_RINGS_TO_VOICEMAIL} rings`, () => {
    const result = simulate({});
    expect(stepIds(result)).toEqual([
      'voice.simulator.guardPassed',
      'voice.simulator.scheduleNone',
      'voice.simulator.ring',
      ...ringsThen,
    ]);
    expect(result.outcome === 'ring' && result.ifNoAnswer).toEqual({
      action: 'voicemail',
      rings: DEFAULT_RINGS_TO_VOICEMAIL,
    });
  });

  const afterHours = (action: ForwardingSettings['scheduleRules'][number]['action']) =>
    forwarding({
      scheduleRules: [
        { id: RULE_IDS[0], when: 'business_hours', action: { type: 'ring' } },
        { id: RULE_IDS[1], when: 'after_hours', action },
      ],
    });
  it.each<[string, ForwardingSettings, object]>([
    ['to voicemail', afterHours({ type: 'voicemail' }), { outcome: 'voicemail', rule: 1 }],
    ['forwarded', afterHours({ type: 'forward', to: MOBILE }), { outcome: 'forward', to: MOBILE_E164, rule: 1 }],
  ])('a Saturday 22:00 call with an after-hours rule: %s', (_name, settings, expected) => {
    const result = simulate({ forwarding: settings, at: SATURDAY_22 });
    expect(result).toMatchObject(expected);
    expect(result.steps[1]).toEqual({
      id: 'voice.simulator.scheduleMatched',
      params: { rule: 1, position: 2, when: 'after_hours' },
    });
    expect(result.steps).toHaveLength(3);
  });

  it.each<[string, ForwardingSettings['scheduleRules'], object]>([
    [
      'the holiday rule before the after-hours one wins',
      [
        { id: RULE_IDS[0], when: 'holiday', action: { type: 'voicemail' } },
        { id: RULE_IDS[1], when: 'after_hours', action: { type: 'forward', to: MOBILE } },
      ],
      { outcome: 'voicemail', rule: 0 },
    ],
    [
      'without a holiday rule, a holiday is after hours',
      [
        { id: RULE_IDS[0], when: 'business_hours', action: { type: 'voicemail' } },
        { id: RULE_IDS[1], when: 'after_hours', action: { type: 'forward', to: MOBILE } },
      ],
      { outcome: 'forward', to: MOBILE_E164, rule: 1 },
    ],
  ])('a holiday call (Christmas, a Friday at noon): %s', (_name, scheduleRules, expected) => {
    expect(simulate({ forwarding: forwarding({ scheduleRules }), at: CHRISTMAS_NOON })).toMatchObject(expected);
  });

  it('forward every call (always) wins over the schedule, and keeps the spam label', () => {
    const result = simulate({
      forwarding: forwarding({
        always: { enabled: true, to: MOBILE },
        scheduleRules: [{ id: RULE_IDS[0], when: 'always', action: { type: 'voicemail' } }],
      }),
      caller: { number: CALLER, suspectedSpam: true },
    });
    expect(result).toEqual({
      outcome: 'forward',
      to: MOBILE_E164,
      labelledSpam: true,
      rule: null,
      steps: [
        { id: 'voice.simulator.labelledSpam', params: {} },
        { id: 'voice.simulator.alwaysForward', params: { to: MOBILE_E164 } },
      ],
    });
  });

  it('simultaneous ring rings the line and its numbers, then the busy and unreachable forwards', () => {
    const result = simulate({
      forwarding: forwarding({
        simultaneousRing: { enabled: true, numbers: [MOBILE, '207-555-0102'] },
        busy: { enabled: true, to: OFFICE },
        unreachable: { enabled: true, to: MOBILE },
        noAnswer: { enabled: false, to: MOBILE, rings: 2 },
      }),
    });
    expect(result).toMatchObject({
      outcome: 'ring',
      numbers: [LINE_E164, MOBILE_E164, OFFICE],
      ifBusy: { action: 'forward', to: OFFICE },
      ifNoAnswer: { action: 'voicemail', rings: DEFAULT_RINGS_TO_VOICEMAIL },
      ifUnreachable: { action: 'forward', to: MOBILE_E164 },
    });
    expect(result.steps.slice(2)).toEqual([
      { id: 'voice.simulator.ring', params: { line: LINE_E164, others: [MOBILE_E164, OFFICE], count: 2 } },
      { id: 'voice.simulator.busyForward', params: { to: OFFICE } },
      { id: 'voice.simulator.noAnswerVoicemail', params: { rings: DEFAULT_RINGS_TO_VOICEMAIL } },
      { id: 'voice.simulator.unreachableForward', params: { to: MOBILE_E164 } },
    ]);
  });

  it('simultaneous ring that is off rings the line alone', () => {
    const result = simulate({ forwarding: forwarding({ simultaneousRing: { enabled: false, numbers: [MOBILE] } }) });
    expect(result.outcome === 'ring' && result.numbers).toEqual([LINE_E164]);
  });
});

describe('localMomentOf (the account clock, DST-safe)', () => {
  it.each<[string, string, LocalMoment]>([
    [
      '01:59 EST, just before spring forward',
      '2026-03-08T06:59:00Z',
      { date: '2026-03-08', weekday: 'sun', minutes: 119 },
    ],
    ['one minute later it is 03:00 EDT', '2026-03-08T07:00:00Z', { date: '2026-03-08', weekday: 'sun', minutes: 180 }],
    ['Saturday 22:00 EST', '2026-03-08T03:00:00Z', { date: '2026-03-07', weekday: 'sat', minutes: 1320 }],
    ['01:59 EDT before falling back', '2026-11-01T05:59:00Z', { date: '2026-11-01', weekday: 'sun', minutes: 119 }],
    [
      'one minute later it is 01:00 EST again',
      '2026-11-01T06:00:00Z',
      { date: '2026-11-01', weekday: 'sun', minutes: 60 },
    ],
    ['midnight', '2026-07-15T04:00:00Z', { date: '2026-07-15', weekday: 'wed', minutes: 0 }],
    ["the year's last minute", '2026-01-01T04:59:00Z', { date: '2025-12-31', weekday: 'wed', minutes: 1439 }],
  ])('America/New_York, %s', (_name, instant, expected) => {
    expect(localMomentOf(new Date(instant), 'America/New_York')).toEqual(expected);
  });

  it('another zone reads the same instant on its own clock', () => {
    expect(localMomentOf(new Date('2026-03-08T07:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-03-07',
      weekday: 'sat',
      minutes: 23 * 60,
    });
  });
});

describe('voiceCard (spec §3 "Voice access card", §4 "Voice card")', () => {
  const base: VoiceCardInput = {
    services: { phone: false, phoneMeta: true, phoneMetaLegacy: false, hostedVoice: false },
    hostedVoiceFeature: false,
    isCharterUser: true,
    onImsSwitch: false,
    isAdminGroup: true,
    cpniCompliant: true,
    assignment: null,
    phoneNumbers: null,
    unreadVoicemails: 3,
  };
  const noServices = { phone: false, phoneMeta: false, phoneMetaLegacy: false, hostedVoice: false };
  type Shown = [boolean, number | 'error' | null, boolean, boolean];
  // [showAccessCard, numberOfVoiceMails, showVoicemailLink, showForwardingLink]
  it.each<[string, Partial<VoiceCardInput>, Shown]>([
    ['no phone service: no card', { services: noServices }, [false, null, false, false]],
    [
      'a hosted voice service alone: no card',
      { services: { ...noServices, hostedVoice: true } },
      [false, null, false, false],
    ],
    ['phone: card', { services: { ...noServices, phone: true } }, [true, 3, true, false]],
    [
      'legacy phone-meta: card, no forwarding',
      { services: { ...noServices, phoneMetaLegacy: true } },
      [true, 3, true, false],
    ],
    ['phone-meta, admin, Charter: everything', {}, [true, 3, true, true]],
    ['phone-meta, not admin: no forwarding', { isAdminGroup: false }, [true, 3, true, false]],
    [
      'no CPNI access (spec §2.1): the card without the voicemail count, link or forwarding',
      { isAdminGroup: false, cpniCompliant: false },
      [true, null, false, false],
    ],
    ['an admin without CPNI access: the same', { cpniCompliant: false }, [true, null, false, false]],
    ['non-Charter: no voicemail, no forwarding', { isCharterUser: false }, [true, null, false, false]],
    ['non-Charter on IMS: the same', { isCharterUser: false, onImsSwitch: true }, [true, null, false, false]],
    [
      'Charter on an IMS switch: voicemail link removed, forwarding hidden',
      { onImsSwitch: true },
      [true, 3, false, false],
    ],
    ['the voicemail count failed: the error marker', { unreadVoicemails: 'error' }, [true, 'error', true, true]],
  ])('%s', (_name, patch, [showAccessCard, numberOfVoiceMails, showVoicemailLink, showForwardingLink]) => {
    expect(voiceCard({ ...base, ...patch })).toMatchObject({
      showAccessCard,
      numberOfVoiceMails,
      showVoicemailLink,
      showForwardingLink,
    });
  });

  it.each<[boolean, boolean, boolean]>([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('hosted voice: service %s, feature %s: provisioned %s', (hostedVoice, hostedVoiceFeature, provisioned) => {
    const card = voiceCard({ ...base, services: { ...base.services, hostedVoice }, hostedVoiceFeature });
    expect(card.hostedVoiceProvisioned).toBe(provisioned);
  });

  it.each<[VoiceCardInput['assignment'], VoiceCardInput['phoneNumbers'], boolean, number, string | null]>([
    ['ASSIGNED', '2075550101', true, 1, '2075550101'],
    ['ASSIGNED', ['2075550101', '2075550102'], true, 2, '2075550101'],
    ['ASSIGNED', [], false, 0, null],
    ['ASSIGNED', '', false, 0, null],
    ['ASSIGNED', '207-555-0101', false, 0, null],
    ['ASSIGNED', null, false, 0, null],
    ['UNASSIGNED', '2075550101', false, 0, null],
    ['assigned', '2075550101', false, 0, null],
    [null, ['2075550101'], false, 0, null],
  ])('assignment %j, numbers %j: assigned %s (%i, %j)', (assignment, phoneNumbers, has, count, first) => {
    expect(voiceCard({ ...base, assignment, phoneNumbers })).toMatchObject({
      hasAssignedLines: has,
      numberOfAssignedLines: count,
      assignedNumber: first,
    });
  });
});

describe('validateCallerIdName (wider-portal.md §6: 15 characters)', () => {
  it.each([
    ['Harbor Coffee', { ok: true, value: 'HARBOR COFFEE' }],
    ['  harbor   coffee ', { ok: true, value: 'HARBOR COFFEE' }],
    ['Harbor Bakery 7', { ok: true, value: 'HARBOR BAKERY 7' }],
    ['Harbor Bakery 77', { ok: false, message: 'voice.callerId.tooLong' }],
    ["O'Neil & Sons", { ok: true, value: "O'NEIL & SONS" }],
    ['', { ok: false, message: 'voice.callerId.required' }],
    ['Harbor Coffee Company', { ok: false, message: 'voice.callerId.tooLong' }],
    ['Café Olé', { ok: false, message: 'voice.callerId.invalid' }],
    ['=HYPERLINK', { ok: false, message: 'voice.callerId.invalid' }],
  ])('%j', (raw, expected) => {
    expect(validateCallerIdName(raw)).toEqual(expected);
  });
});
