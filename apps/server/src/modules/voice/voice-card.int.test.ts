import { VOICE_CARD_PATH, VOICE_LINES_PATH, type VoiceCardResponse, type VoiceLinesResponse } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accountServices, accounts, voiceImsLines, voiceLines } from '../../db/schema';

/**
 * The account summary's voice card through the API (spec §3 voice access card, §4 voice card; issue 19 item 9): the
 * rule of rules/voice.ts fed by the account's value-added services, the `hostedVoice` flag, the footprint, the lines'
 * switch on the voice platform, the reader's role, CPNI access and assigned lines.
 */
const portal = signedInApp();

async function card(b: Browser): Promise<VoiceCardResponse> {
  const answer = await b.request({ url: VOICE_CARD_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function harbor() {
  const { db } = portal.database();
  const [row] = await db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  if (!row) throw new Error('no Harbor');
  const lines = await db.select().from(voiceLines).where(eq(voiceLines.accountId, row.id));
  return { db, account: row, lines };
}

describe('the voice card', () => {
  it('gives harbor-owner (Charter, phone-meta, admin group) the count per number, voicemail and forwarding', async () => {
    expect(await card(await portal.as('harbor-owner'))).toEqual({
      showAccessCard: true,
      numberOfVoiceMails: 3,
      voicemailLink: '/voice/messages',
      showForwardingLink: true,
      manageForwardingLink: '/voice/forwarding-manager',
      manageVoiceLink: '/services/voice/phone',
      numberOfAssignedLines: 1,
      assignedNumber: '2075550101',
      lines: [
        { number: '2075550101', label: 'Front counter', unreadCount: 3 },
        { number: '2075550102', label: 'Office', unreadCount: 0 },
        { number: '2075550103', label: 'Back room', unreadCount: 0 },
      ],
      hostedVoice: { provisioned: false, admin: true },
    });
    const admin = await card(await portal.as('harbor-admin'));
    expect([admin.assignedNumber, admin.numberOfAssignedLines, admin.showForwardingLink]).toEqual([
      '2075550102',
      1,
      true,
    ]);
  });

  it.each(['harbor-staff', 'harbor-billing'])(
    'gives %s (no CPNI access) the card without the voicemail count, the lines or the links',
    async (username) => {
      expect(await card(await portal.as(username))).toEqual({
        showAccessCard: true,
        numberOfVoiceMails: null,
        voicemailLink: null,
        showForwardingLink: false,
        manageForwardingLink: null,
        manageVoiceLink: '/services/voice',
        numberOfAssignedLines: 0,
        assignedNumber: null,
        lines: [],
        hostedVoice: { provisioned: false, admin: false },
      });
    },
  );

  it('has no card for riverbend-owner (no business phone)', async () => {
    const answer = await card(await portal.as('riverbend-owner'));
    expect(answer).toMatchObject({ showAccessCard: false, numberOfVoiceMails: null, voicemailLink: null });
    expect([answer.manageVoiceLink, answer.manageForwardingLink, answer.lines]).toEqual([null, null, []]);
  });

  it("shows the error marker when the platform cannot count, and keeps the links when it cannot say the lines' switch", async () => {
    const b = await portal.as('harbor-owner');
    const { faults } = portal.app().portal.services.voicePlatform;
    faults.set('unreadCount', 1);
    const failed = await card(b);
    expect(failed.numberOfVoiceMails).toBe('error');
    expect(failed.lines.map((line) => line.unreadCount)).toEqual([null, null, null]);
    expect(failed.voicemailLink).toBe('/voice/messages');
    faults.set('switchType', 2);
    expect(await card(b)).toMatchObject({ numberOfVoiceMails: 3, voicemailLink: '/voice/messages' });
    const { lines } = (await b.request({ url: VOICE_LINES_PATH })).json<VoiceLinesResponse>();
    expect(lines.map((line) => line.switchType)).toEqual([null, null, null]);
  });

  it('on the IMS core (every line moved): the voicemail link and forwarding go, the count stays', async () => {
    const { db, lines } = await harbor();
    const { voicePlatform } = portal.app().portal.services;
    const b = await portal.as('harbor-owner');
    const [first, ...rest] = lines;
    if (!first) throw new Error('no line');
    // one line moved: the others still need the voice manager
    await voicePlatform.moveToIms(db, first.id);
    expect(await card(b)).toMatchObject({ voicemailLink: '/voice/messages', showForwardingLink: true });
    const listed = (await b.request({ url: VOICE_LINES_PATH })).json<VoiceLinesResponse>().lines;
    expect(listed.find((line) => line.id === first.id)?.switchType).toBe('ims');
    expect(listed.filter((line) => line.switchType === 'classic')).toHaveLength(2);
    for (const line of rest) await voicePlatform.moveToIms(db, line.id);
    expect(await card(b)).toMatchObject({
      showAccessCard: true,
      numberOfVoiceMails: 3,
      voicemailLink: null,
      showForwardingLink: false,
      manageForwardingLink: null,
      manageVoiceLink: '/services/voice/phone',
    });
    await db.delete(voiceImsLines);
    expect((await card(b)).voicemailLink).toBe('/voice/messages');
  });

  it('a non-Charter account: the card without voicemail or forwarding', async () => {
    const { db, account } = await harbor();
    await db.update(accounts).set({ footprint: 'TWC' }).where(eq(accounts.id, account.id));
    try {
      expect(await card(await portal.as('harbor-owner'))).toMatchObject({
        showAccessCard: true,
        numberOfVoiceMails: null,
        voicemailLink: null,
        showForwardingLink: false,
        lines: [],
      });
    } finally {
      await db.update(accounts).set({ footprint: account.footprint }).where(eq(accounts.id, account.id));
    }
  });

  it('hosted voice is provisioned when the account has it and the hostedVoice flag is on; its admin is the admin group', async () => {
    const { db, account } = await harbor();
    const voice = and(eq(accountServices.accountId, account.id), eq(accountServices.serviceKey, 'VOICE'));
    await db.update(accountServices).set({ valueAddedServiceId: 'HOSTED_VOICE' }).where(voice);
    const { flags } = portal.app().portal.services;
    try {
      const owner = await card(await portal.as('harbor-owner'));
      // spec §4: hosted voice alone shows no access card
      expect([owner.showAccessCard, owner.hostedVoice]).toEqual([false, { provisioned: true, admin: true }]);
      expect((await card(await portal.as('harbor-staff'))).hostedVoice).toEqual({ provisioned: true, admin: false });
      await flags.setOverride('hostedVoice', false);
      expect((await card(await portal.as('harbor-owner'))).hostedVoice.provisioned).toBe(false);
    } finally {
      await flags.setOverride('hostedVoice', null);
      await db.update(accountServices).set({ valueAddedServiceId: 'PHONE_META' }).where(voice);
    }
  });
});
