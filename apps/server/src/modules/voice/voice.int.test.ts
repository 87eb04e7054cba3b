import {
  VOICE_ASSIGNMENT_PATH,
  VOICE_LINES_PATH,
  type VoiceLinesResponse,
  type VoiceMessage,
  type VoiceMessagesPage,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, voiceMedia, voiceMessages } from '../../db/schema';
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
    const audited = async () =>
      (await portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, id))).map((e) => e.action);

    const heard = await update(b, id, { heard: true });
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json().box).toBe('saved');
    expect((await frontCounter(b)).unreadCount).toBe(2);
    expect((await update(b, id, { heard: true })).statusCode).toBe(200);
    expect(await audited()).toEqual(['voicemail.heard']);

    expect((await update(b, id, { heard: false })).json().box).toBe('new');
    const deleted = await update(b, id, { deleted: true });
    expect(deleted.json()).toMatchObject({ box: 'deleted', purgeAt: '2026-12-21T15:00:00.000Z' });
    expect((await box(b, line.id, 'deleted')).items.map((m) => m.id)).toEqual([id]);
    // a deleted message is restored before it is marked
    const refused = await update(b, id, { heard: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([{ path: 'body.heard', code: 'voice.message.deleted' }]);
    expect((await update(b, id, { deleted: false, heard: true })).json().box).toBe('saved');
    expect(await audited()).toEqual([
      'voicemail.heard',
      'voicemail.unheard',
      'voicemail.deleted',
      'voicemail.restored',
      'voicemail.heard',
    ]);
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

  it('purges what has been in Deleted for 30 days, and nothing sooner', async () => {
    const b = await portal.as('harbor-owner');
    const line = await frontCounter(b);
    const [message] = (await box(b, line.id, 'saved')).items;
    const id = (message as VoiceMessage).id;
    expect((await update(b, id, { deleted: true })).statusCode).toBe(200);
    const { voicePlatform } = portal.app().portal.services;
    clock.advance(29 * 86_400_000);
    expect(await voicePlatform.purgeDeleted()).toBe(0);
    clock.advance(2 * 86_400_000);
    expect(await voicePlatform.purgeDeleted()).toBe(1);
    const left = await portal.database().db.select().from(voiceMessages).where(eq(voiceMessages.id, id));
    expect(left).toEqual([]);
    expect(await portal.database().db.select().from(voiceMedia).where(eq(voiceMedia.messageId, id))).toEqual([]);
  });
});
