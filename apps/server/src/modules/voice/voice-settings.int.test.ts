import {
  type CallGuardSettings,
  type ForwardingSettings,
  STEP_UP_MINUTES,
  STEP_UP_PATH,
  VOICE_LINES_PATH,
  type VoiceLinesResponse,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Browser, DEMO_PASSWORD, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, users, voiceLines } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * A line's settings through the API (issue 19 items 6-8, wider-portal.md §6): name, caller-ID name and who answers
 * it; forwarding (every rule, E.164, a target outside the account behind a recent sign-in); Call Guard; the rule
 * simulator on Harbor's seeded settings (after hours to voicemail; Call Guard labelling, blocking withheld numbers,
 * a robocaller and the 900 prefix). Each change audited, nothing written for no change.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const MOBILE = '(617) 555-0148';

async function frontCounter(b: Browser) {
  const answer = await b.request({ url: VOICE_LINES_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  const line = (answer.json() as VoiceLinesResponse).lines.find((l) => l.label === 'Front counter');
  if (!line) throw new Error('no Front counter');
  return line;
}
const url = (lineId: string, part = '') => `/api/pub/voice/v1/lines/${lineId}${part}`;
const send = (b: Browser, method: 'PUT' | 'PATCH' | 'POST', path: string, payload: object) =>
  b.request({ method, url: path, headers: b.csrf(), payload });
const audited = async (lineId: string) =>
  (await portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, lineId))).map((e) => e.action);

describe("a line's name, caller-ID name and who answers it", () => {
  it('renames, sets the caller-ID name in capitals and assigns a member, audited; refuses what the rules refuse', async () => {
    const b = await portal.as('harbor-admin');
    const line = await frontCounter(b);
    const [billing] = await portal.database().db.select().from(users).where(eq(users.username, 'harbor-billing'));
    const changed = await send(b, 'PATCH', url(line.id), {
      label: 'Counter',
      callerIdName: 'Harbor Coffee',
      assignedUserId: billing?.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ label: 'Counter', callerIdName: 'HARBOR COFFEE', unreadCount: 3 });
    expect(changed.json().assignedTo.userId).toBe(billing?.id);
    // the same again: nothing written
    expect((await send(b, 'PATCH', url(line.id), { label: 'Counter' })).statusCode).toBe(200);
    expect(await audited(line.id)).toEqual(['voice_line.updated']);

    const bad = await send(b, 'PATCH', url(line.id), { label: '', callerIdName: 'Café Olé' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([
      { path: 'body.label', code: 'voice.line.label.required' },
      { path: 'body.callerIdName', code: 'voice.callerId.invalid' },
    ]);
    // a user who left, and another business's user: the same answer as an unknown id, nothing changed
    for (const username of ['harbor-former', 'riverbend-owner']) {
      const [user] = await portal.database().db.select().from(users).where(eq(users.username, username));
      const refused = await send(b, 'PATCH', url(line.id), { assignedUserId: user?.id });
      expect(refused.statusCode, username).toBe(404);
    }
    const [row] = await portal.database().db.select().from(voiceLines).where(eq(voiceLines.id, line.id));
    expect(row?.assignedUserId).toBe(billing?.id);
    // put back
    const [owner] = await portal.database().db.select().from(users).where(eq(users.username, 'harbor-owner'));
    await send(b, 'PATCH', url(line.id), { label: 'Front counter', callerIdName: '', assignedUserId: owner?.id });
  });
});

describe('forwarding and the rule simulator', () => {
  it("sets 'no answer after 4 rings' to a mobile number: a recent sign-in first, E.164 kept, audited once", async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const seeded = (await b.request({ url: url(line.id, '/forwarding') })).json() as ForwardingSettings;
    expect(seeded.scheduleRules.map((rule) => [rule.when, rule.action.type])).toEqual([
      ['holiday', 'voicemail'],
      ['after_hours', 'voicemail'],
    ]);
    const wanted = { ...seeded, noAnswer: { enabled: true, to: MOBILE, rings: 4 } };
    const start = clock.now();
    try {
      clock.advance((STEP_UP_MINUTES + 1) * 60_000);
      const asked = await send(b, 'PUT', url(line.id, '/forwarding'), wanted);
      expect(asked.statusCode, asked.body).toBe(403);
      expect(asked.json().error.code).toBe('STEP_UP_REQUIRED');
      expect(await audited(line.id)).not.toContain('forwarding.changed');
      // to one of the account's own lines: no step-up needed
      const inside = await send(b, 'PUT', url(line.id, '/forwarding'), {
        ...seeded,
        busy: { enabled: true, to: '207-555-0102' },
      });
      expect(inside.statusCode, inside.body).toBe(200);
      expect(inside.json().busy).toEqual({ enabled: true, to: '+12075550102' });
      expect((await post(b, STEP_UP_PATH, { password: DEMO_PASSWORD })).statusCode).toBe(200);
      const saved = await send(b, 'PUT', url(line.id, '/forwarding'), wanted);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().noAnswer).toEqual({ enabled: true, to: '+16175550148', rings: 4 });
      expect((await send(b, 'PUT', url(line.id, '/forwarding'), wanted)).statusCode).toBe(200);
    } finally {
      clock.set(start);
    }
    expect((await audited(line.id)).filter((a) => a === 'forwarding.changed')).toHaveLength(2);

    // the simulator: a weekday afternoon rings the line, then the mobile after 4 rings
    const tuesday = await send(b, 'POST', url(line.id, '/simulate'), { from: '207-555-0148', at: '2026-11-24T14:30' });
    expect(tuesday.statusCode, tuesday.body).toBe(200);
    expect(tuesday.json()).toMatchObject({
      outcome: 'ring',
      ifNoAnswer: { action: 'forward', to: '+16175550148', rings: 4 },
      suspectedSpam: false,
    });
    // a Saturday night: after hours, voicemail (the seeded rule 2)
    const saturday = await send(b, 'POST', url(line.id, '/simulate'), { from: '207-555-0148', at: '2026-11-28T22:00' });
    expect(saturday.json()).toMatchObject({ outcome: 'voicemail', rule: 1 });
    expect(saturday.json().steps.map((step: { id: string }) => step.id)).toContain('voice.simulator.scheduleMatched');
    // withheld: blocked by Call Guard; a robocaller on the platform's list: labelled, still rings in hours
    expect(
      (await send(b, 'POST', url(line.id, '/simulate'), { from: '', at: '2026-11-24T14:30' })).json(),
    ).toMatchObject({
      outcome: 'blocked',
      reason: 'anonymous',
    });
    const robo = await send(b, 'POST', url(line.id, '/simulate'), { from: '800-555-0190', at: '2026-11-24T14:30' });
    expect(robo.json()).toMatchObject({ outcome: 'ring', labelledSpam: true, suspectedSpam: true });
    const bad = await send(b, 'POST', url(line.id, '/simulate'), { from: '555-0101', at: '2026-02-30T25:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([
      { path: 'body.from', code: 'voice.number.invalid' },
      { path: 'body.at', code: 'voice.simulator.at' },
    ]);
  });

  it('refuses settings the rules refuse, naming each field, and changes nothing', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const before = (await b.request({ url: url(line.id, '/forwarding') })).json() as ForwardingSettings;
    const refused = await send(b, 'PUT', url(line.id, '/forwarding'), {
      ...before,
      always: { enabled: true, to: '207-555-0101' },
      noAnswer: { enabled: true, to: '', rings: 9 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([
      { path: 'body.always.to', code: 'voice.forwarding.ownLine' },
      { path: 'body.noAnswer.to', code: 'voice.number.required' },
      { path: 'body.noAnswer.rings', code: 'voice.forwarding.rings.range' },
    ]);
    expect((await b.request({ url: url(line.id, '/forwarding') })).json()).toEqual(before);
  });
});

describe('Call Guard', () => {
  it('blocks a prefix (kept as digits) and a number (E.164), audited; the simulator then blocks them', async () => {
    const b = await portal.as('harbor-admin');
    const line = await frontCounter(b);
    const before = (await b.request({ url: url(line.id, '/call-guard') })).json() as CallGuardSettings;
    expect(before).toEqual({
      level: 'label',
      blockedNumbers: ['+18885550142'],
      blockedPrefixes: ['900'],
      blockAnonymous: true,
      allowedNumbers: [],
    });
    const saved = await send(b, 'PUT', url(line.id, '/call-guard'), {
      ...before,
      blockedPrefixes: ['900', '+1 (876)'],
      blockedNumbers: [...before.blockedNumbers, '617.555.0199'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      blockedPrefixes: ['900', '876'],
      blockedNumbers: ['+18885550142', '+16175550199'],
    });
    expect(await audited(line.id)).toContain('call_guard.changed');
    const simulated = await send(b, 'POST', url(line.id, '/simulate'), {
      from: '876-555-0100',
      at: '2026-11-24T10:00',
    });
    expect(simulated.json()).toMatchObject({ outcome: 'blocked', reason: 'blocked_prefix' });
    const refused = await send(b, 'PUT', url(line.id, '/call-guard'), { ...before, blockedPrefixes: ['12'] });
    expect(refused.json().error.fields).toEqual([{ path: 'body.blockedPrefixes.0', code: 'voice.prefix.invalid' }]);
  });
});
