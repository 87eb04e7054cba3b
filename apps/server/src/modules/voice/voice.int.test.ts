import {
  type CallLogsPage,
  VOICE_ASSIGNMENT_PATH,
  VOICE_LINES_PATH,
  type VoiceLinesResponse,
  type VoiceMessage,
  type VoiceMessagesPage,
} from '@vireo/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, callRecords, voiceMedia, voiceMessages } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * The voice manager's lines and mailbox through the API (issue 19 items 3-4, wider-portal.md §6, spec §7.1): Harbor's
 * three lines with their new-voicemail counts, the Front counter mailbox by box and keyset-paged, heard / new /
 * deleted / restored (audited, nothing written for no change), audio and fax with range requests, the spec's unread
 * count and line assignment, the platform failing, and the 30-day purge of Deleted.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function get<T>(b: Browser, url: string): Promise<T> {
  const answer = await b.request({ url });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function frontCounter(b: Browser) {
  const { lines } = await get<VoiceLinesResponse>(b, VOICE_LINES_PATH);
  const line = lines.find((l) => l.label === 'Front counter');
  if (!line) throw new Error('no Front counter line');
  return line;
}

const box = (b: Browser, lineId: string, name: string, query = '') =>
  get<VoiceMessagesPage>(b, `/api/pub/voice/v1/lines/${lineId}/messages?box=${name}${query}`);

const update = (b: Browser, id: string, payload: object) =>
  b.request({ method: 'PATCH', url: `/api/pub/voice/v1/messages/${id}`, headers: b.csrf(), payload });

const mediaUrl = (id: string) => `/api/pub/phoneedge/v2/phone/messages/${id}/media`;

describe('the voice manager', () => {
  it("lists Harbor's three lines with who answers them and the Front counter's 3 new voicemails", async () => {
    const { lines } = await get<VoiceLinesResponse>(await portal.as('harbor-owner'), VOICE_LINES_PATH);
    expect(lines.map((l) => [l.number, l.label, l.assignedTo?.name ?? null, l.unreadCount])).toEqual([
      ['2075550101', 'Front counter', expect.any(String), 3],
      ['2075550102', 'Office', expect.any(String), 0],
      ['2075550103', 'Back room', null, 0],
    ]);
  });

  it('shows each box newest first, keyset-paged, with every box counted; a transcript in both languages', async () => {
    const b = await portal.as('harbor-admin');
    const line = await frontCounter(b);
    // 3 new voicemails and the new fax
    const first = await box(b, line.id, 'new', '&limit=3');
    expect(first.counts).toEqual({ new: 4, saved: 2, deleted: 0 });
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const rest = await box(b, line.id, 'new', `&limit=3&cursor=${first.nextCursor}`);
    const all = [...first.items, ...rest.items];
    expect(all.map((m) => m.kind).sort()).toEqual(['fax', 'voicemail', 'voicemail', 'voicemail']);
    const times = all.map((m) => Date.parse(m.receivedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(rest.nextCursor).toBeNull();
    expect(rest.previousCursor).not.toBeNull();
    const spanish = all.find((m) => m.transcript?.spoken === 'es');
    expect(spanish?.transcript?.es).toMatch(/sala del fondo/);
    expect(spanish?.transcript?.en).toMatch(/back room/);
    expect(all.find((m) => m.from === null)?.callerName).toBeNull();
    const saved = await box(b, line.id, 'saved');
    expect(saved.items.every((m) => m.box === 'saved' && m.kind === 'voicemail')).toBe(true);
  });

  it('marks heard and new, deletes to Deleted for 30 days and restores, each audited; no change writes nothing', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const [message] = (await box(b, line.id, 'new')).items.filter((m) => m.kind === 'voicemail');
    const id = (message as VoiceMessage).id;
    // oldest first: each change a second after the one before, as a person makes them
    const audited = async () =>
      (
        await portal
          .database()
          .db.select()
          .from(auditEvents)
          .where(eq(auditEvents.targetId, id))
          .orderBy(asc(auditEvents.at))
      ).map((e) => e.action);
    const change = (body: object) => {
      clock.advance(1_000);
      return update(b, id, body);
    };

    const heard = await change({ heard: true });
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json().box).toBe('saved');
    expect((await frontCounter(b)).unreadCount).toBe(2);
    expect((await change({ heard: true })).statusCode).toBe(200);
    expect(await audited()).toEqual(['voicemail.heard']);

    expect((await change({ heard: false })).json().box).toBe('new');
    const deleted = await change({ deleted: true });
    expect(deleted.json()).toMatchObject({
      box: 'deleted',
      purgeAt: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    expect((await box(b, line.id, 'deleted')).items.map((m) => m.id)).toEqual([id]);
    // a deleted message is restored before it is marked
    const refused = await change({ heard: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([{ path: 'body.heard', code: 'voice.message.deleted' }]);
    expect((await change({ deleted: false, heard: true })).json().box).toBe('saved');
    // one request's two changes share an instant: the log holds both, in no defined order
    const actions = await audited();
    expect(actions.slice(0, 3)).toEqual(['voicemail.heard', 'voicemail.unheard', 'voicemail.deleted']);
    expect(actions.slice(3).sort()).toEqual(['voicemail.heard', 'voicemail.restored']);
    const [entry] = await portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(entry).toMatchObject({ area: 'voice', data: { kind: 'voicemail' } });
  });

  it('serves the audio whole and by range (206, 416), inline or as a download, and the fax as a PDF', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const items = [...(await box(b, line.id, 'new')).items, ...(await box(b, line.id, 'saved')).items];
    const voicemail = items.find((m) => m.kind === 'voicemail') as VoiceMessage;
    const [stored] = await portal.database().db.select().from(voiceMedia).where(eq(voiceMedia.messageId, voicemail.id));
    const bytes = Buffer.from(stored?.bytes ?? []);

    const whole = await b.request({ url: mediaUrl(voicemail.id) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="voicemail-\d{8}-\d{4}\.wav"$/);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await b.request({ url: mediaUrl(voicemail.id), headers: { range: 'bytes=44-1043' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-1043/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(44, 1044))).toBe(true);
    const tail = await b.request({ url: mediaUrl(voicemail.id), headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const past = await b.request({ url: mediaUrl(voicemail.id), headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const fax = items.find((m) => m.kind === 'fax') as VoiceMessage;
    const pdf = await b.request({ url: `${mediaUrl(fax.id)}?download=true` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="fax-\d{8}-\d{4}\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString('ascii')).toBe('%PDF-');
  });

  it("answers spec §7.1's unread count per number and the signed-in user's assigned lines", async () => {
    const owner = await portal.as('harbor-owner');
    const count = await get<{ tn: string; unreadCount: number }>(
      owner,
      '/api/pub/vox-con/voicemail/tn/2075550102/unread-count',
    );
    expect(count).toEqual({ tn: '2075550102', unreadCount: 0 });
    expect((await owner.request({ url: '/api/pub/vox-con/voicemail/tn/2075550199/unread-count' })).statusCode).toBe(
      404,
    );
    expect(await get(owner, VOICE_ASSIGNMENT_PATH)).toEqual({ assignment: 'ASSIGNED', phoneNumbers: ['2075550101'] });
    expect(await get(await portal.as('harbor-staff'), VOICE_ASSIGNMENT_PATH)).toEqual({
      assignment: 'UNASSIGNED',
      phoneNumbers: [],
    });
  });

  it('keeps working when the voice platform fails: counts unknown, the mailbox 503, nothing changed', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const { faults } = portal.app().portal.services.voicePlatform;
    faults.set('unreadCount', 2);
    const { lines } = await get<VoiceLinesResponse>(b, VOICE_LINES_PATH);
    expect(lines.map((l) => l.unreadCount)).toEqual([null, null, null]);
    const marker = await b.request({ url: '/api/pub/vox-con/voicemail/tn/2075550101/unread-count' });
    expect(marker.statusCode).toBe(503);
    expect(marker.json().error.code).toBe('SERVICE_UNAVAILABLE');
    faults.set('messages', 1);
    expect((await b.request({ url: `/api/pub/voice/v1/lines/${line.id}/messages` })).statusCode).toBe(503);
    const [message] = (await box(b, line.id, 'saved')).items;
    const id = (message as VoiceMessage).id;
    const entries = () => portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    const before = (await entries()).length;
    faults.set('updateMessage', 1);
    const failed = await update(b, id, { deleted: true });
    expect(failed.statusCode).toBe(503);
    expect((await box(b, line.id, 'saved')).items.map((m) => m.id)).toContain(id);
    expect(await entries()).toHaveLength(before);
  });

  it("lists a line's calls of the last 90 days newest first, by direction and the account's days, keyset-paged", async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const url = `/api/pub/voice/v1/lines/${line.id}/calls`;
    const first = await get<CallLogsPage>(b, `${url}?limit=50`);
    expect(first.items).toHaveLength(50);
    const times = first.items.map((c) => Date.parse(c.startedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Math.max(...times)).toBeLessThanOrEqual(clock.now().getTime());
    // every page to the end: nothing older than 90 days, no call twice
    const seen = new Set<string>();
    let page = first;
    for (;;) {
      for (const call of page.items) seen.add(call.id);
      if (!page.nextCursor) break;
      page = await get<CallLogsPage>(b, `${url}?limit=100&cursor=${page.nextCursor}`);
      expect(page.items.every((c) => Date.parse(c.startedAt) >= clock.now().getTime() - 90 * 86_400_000)).toBe(true);
    }
    const stored = await portal.database().db.select().from(callRecords).where(eq(callRecords.lineId, line.id));
    expect(seen.size).toBe(stored.length);

    const blocked = await get<CallLogsPage>(b, `${url}?direction=blocked&limit=100`);
    expect(blocked.items.length).toBeGreaterThan(0);
    expect(blocked.items.every((c) => c.direction === 'blocked' && c.blockReason !== null)).toBe(true);
    const missed = await get<CallLogsPage>(b, `${url}?direction=missed&limit=100`);
    expect(missed.items.every((c) => c.direction === 'missed' && c.durationSeconds === 0)).toBe(true);
    // one day of the account's calendar (New York): its calls only
    const day = await get<CallLogsPage>(b, `${url}?from=2026-11-20&to=2026-11-20&limit=100`);
    expect(day.items.length).toBeGreaterThan(0);
    for (const call of day.items) {
      expect(new Date(call.startedAt).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })).toBe('2026-11-20');
    }
    // a direction over ten days, paged 7 at a time both ways: every call of the filter once, none outside it
    const filtered = `${url}?direction=incoming&from=2026-11-10&to=2026-11-19`;
    const ids: string[] = [];
    let next = await get<CallLogsPage>(b, `${filtered}&limit=7`);
    const pages = [next];
    for (;;) {
      ids.push(...next.items.map((c) => c.id));
      for (const c of next.items) {
        expect(c.direction).toBe('incoming');
        const local = new Date(c.startedAt).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
        expect(local >= '2026-11-10' && local <= '2026-11-19').toBe(true);
      }
      if (!next.nextCursor) break;
      next = await get<CallLogsPage>(b, `${filtered}&limit=7&cursor=${next.nextCursor}`);
      pages.push(next);
    }
    const expected = stored.filter((c) => {
      const local = c.startedAt.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      return c.direction === 'incoming' && local >= '2026-11-10' && local <= '2026-11-19';
    });
    expect(ids.length).toBe(expected.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.length).toBeGreaterThan(2);
    const back = await get<CallLogsPage>(b, `${filtered}&limit=7&cursor=${pages.at(-1)?.previousCursor}`);
    expect(back.items.map((c) => c.id)).toEqual(pages.at(-2)?.items.map((c) => c.id));

    const backwards = await b.request({ url: `${url}?from=2026-11-21&to=2026-11-20` });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([{ path: 'querystring.from', code: 'too_big' }]);
  });

  it('exports the filtered calls as CSV in the reader’s language, formula-safe', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    // a caller-ID name a spreadsheet would run as a formula
    const [call] = await portal
      .database()
      .db.insert(callRecords)
      .values({
        lineId: line.id,
        direction: 'missed',
        otherNumber: '2075550111',
        otherName: '=HYPERLINK("http://x.example")',
        startedAt: new Date('2026-11-21T14:30:00Z'),
        durationSeconds: 0,
      })
      .returning();
    const answer = await b.request({
      url: `/api/pub/voice/v1/lines/${line.id}/calls/export?direction=missed&from=2026-11-21&to=2026-11-21&lang=es`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="calls-2075550101-2026-11-21-2026-11-21.csv"',
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Fecha,Hora,Llamada,Número,Nombre del identificador de llamadas,Duración (segundos),Motivo del bloqueo',
    );
    expect(lines).toContain(`2026-11-21,09:30,Perdida,2075550111,"'=HYPERLINK(""http://x.example"")",0,`);
    expect(lines.slice(1).every((row) => row.includes(',Perdida,'))).toBe(true);
    await portal
      .database()
      .db.delete(callRecords)
      .where(eq(callRecords.id, call?.id as string));
  });

  it('purges what has been in Deleted for 30 days, and calls older than 90 days, nothing sooner', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const [message] = (await box(b, line.id, 'saved')).items;
    const id = (message as VoiceMessage).id;
    expect((await update(b, id, { deleted: true })).statusCode).toBe(200);
    const { voicePlatform } = portal.app().portal.services;
    const { db } = portal.database();
    const oldest = async () =>
      Math.min(...(await db.select().from(callRecords)).map((call) => call.startedAt.getTime()));
    clock.advance(29 * 86_400_000);
    await voicePlatform.purgeExpired();
    expect(await db.select().from(voiceMessages).where(eq(voiceMessages.id, id))).toHaveLength(1);
    expect(await oldest()).toBeGreaterThanOrEqual(clock.now().getTime() - 90 * 86_400_000);
    clock.advance(2 * 86_400_000);
    expect(await voicePlatform.purgeExpired()).toBeGreaterThan(1);
    expect(await db.select().from(voiceMessages).where(eq(voiceMessages.id, id))).toEqual([]);
    expect(await db.select().from(voiceMedia).where(eq(voiceMedia.messageId, id))).toEqual([]);
    expect(await oldest()).toBeGreaterThanOrEqual(clock.now().getTime() - 90 * 86_400_000);
  });
});
