import { addDays, dateInZone, startOfDayInZone } from '@vireo/shared';
import { faxPdf, toneWav } from '../../modules/voice-platform/media';
import { defaultCallGuard, defaultForwarding } from '../../modules/voice-platform/voice-platform';
import type { Tx } from '../client';
import * as t from '../schema';
import { idFrom, randomFrom } from './ids';

/**
 * The voice platform's demo records (demo-data.md "The wider portal"): Harbor's Front counter mailbox (5 voicemails,
 * 3 new, one left in Spanish, and 1 fax) and 90 days of call detail records on every line (incoming, outgoing,
 * missed, blocked). Ids and the generated calls come from names (ids.ts): the same seed, the same rows.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const CALL_HISTORY_DAYS = 90;

type DemoVoicemail = {
  key: string;
  ago: number;
  from: string | null;
  callerName: string | null;
  seconds: number;
  heard: boolean;
  notes: number[];
  transcript: { spoken: 'en' | 'es'; en: string; es: string };
};

const VOICEMAILS: DemoVoicemail[] = [
  {
    key: 'dairy',
    ago: 2 * HOUR,
    from: '2075550148',
    callerName: 'CASCO BAY DAIRY',
    seconds: 14,
    heard: false,
    notes: [523, 659, 784],
    transcript: {
      spoken: 'en',
      en: "Hi, this is Maria from Casco Bay Dairy. Thursday's order is ready and we can deliver at seven instead of eight. Call me back at 207-555-0148. Thanks!",
      es: 'Hola, soy Maria de Casco Bay Dairy. El pedido del jueves está listo y podemos entregarlo a las siete en vez de a las ocho. Llámeme al 207-555-0148. ¡Gracias!',
    },
  },
  {
    key: 'catering',
    ago: 26 * HOUR,
    from: '2075550177',
    callerName: 'FERNANDEZ LUCIA',
    seconds: 12,
    heard: false,
    notes: [440, 554, 659, 554],
    transcript: {
      spoken: 'es',
      en: "Hello, this is Lucía Fernández. I'd like to book the back room for a meeting on Saturday at ten, for twelve people. Call me at 207-555-0177. Thank you.",
      es: 'Hola, soy Lucía Fernández. Quería reservar la sala del fondo para una reunión el sábado a las diez, para doce personas. Llámeme al 207-555-0177. Gracias.',
    },
  },
  {
    key: 'unknown',
    ago: 29 * HOUR,
    from: null,
    callerName: null,
    seconds: 6,
    heard: false,
    notes: [392, 392],
    transcript: {
      spoken: 'en',
      en: 'This message is about your business listing. Please call us back to keep your listing active.',
      es: 'Este mensaje es sobre el anuncio de su negocio. Devuélvanos la llamada para mantener activo su anuncio.',
    },
  },
  {
    key: 'roaster',
    ago: 2 * DAY + 3 * HOUR,
    from: '6175550123',
    callerName: 'NORTHLINE ROASTERS',
    seconds: 16,
    heard: true,
    notes: [587, 698, 880, 698],
    transcript: {
      spoken: 'en',
      en: "Hey, it's Dev at Northline Roasters. The new espresso blend ships Monday; I've put two bags of samples in with your order. Let me know what you think.",
      es: 'Hola, soy Dev de Northline Roasters. La nueva mezcla de espresso sale el lunes; le puse dos bolsas de muestra con su pedido. Dígame qué le parece.',
    },
  },
  {
    key: 'inspection',
    ago: 4 * DAY + 5 * HOUR,
    from: '2075550190',
    callerName: 'CITY OF PORTLAND',
    seconds: 10,
    heard: true,
    notes: [494, 440],
    transcript: {
      spoken: 'en',
      en: 'This is a reminder from the City of Portland health inspections office: your annual inspection is scheduled for the first week of next month.',
      es: 'Le recordamos de la oficina de inspecciones sanitarias de la ciudad de Portland: su inspección anual está prevista para la primera semana del mes que viene.',
    },
  },
];

const FAX = {
  ago: 21 * HOUR,
  from: '2075550166',
  callerName: 'BAYSIDE PAPER',
  sender: 'Bayside Paper Supply',
  lines: [
    'Order confirmation #BPS-20418',
    '',
    'To: Harbor Coffee Co., attn. purchasing',
    '',
    '12 cases  12 oz hot cups, compostable',
    '12 cases  lids for 12 oz cups',
    ' 6 cases  napkins, recycled, 2-ply',
    ' 4 cases  kraft bags, #6',
    '',
    'Delivery: next Tuesday, 7:00-9:00 a.m., back door.',
    'Questions: 207-555-0166.',
  ],
};

/** People and businesses who call and are called (fictional 555-01xx numbers). */
const CONTACTS: { number: string; name: string | null }[] = [
  { number: '2075550148', name: 'CASCO BAY DAIRY' },
  { number: '2075550166', name: 'BAYSIDE PAPER' },
  { number: '2075550177', name: 'FERNANDEZ LUCIA' },
  { number: '2075550190', name: 'CITY OF PORTLAND' },
  { number: '6175550123', name: 'NORTHLINE ROASTERS' },
  { number: '2075550111', name: 'OKAFOR JAMES' },
  { number: '2075550124', name: 'MAINE BAKEHOUSE' },
  { number: '2075550135', name: null },
  { number: '2075550159', name: 'CHEN WEI' },
  { number: '2075550183', name: 'PORTLAND PLUMBING' },
  { number: '6175550104', name: null },
  { number: '6035550172', name: 'GRANITE STATE TEA' },
  { number: '2075550196', name: 'BROOKS ANNA' },
  { number: '8025550117', name: null },
];

/** Blocked callers: a robocaller on the blocked list, a premium-rate prefix, and callers who withhold their number. */
const BLOCKED: { number: string | null; reason: 'blocked_number' | 'blocked_prefix' | 'anonymous' }[] = [
  { number: '8885550142', reason: 'blocked_number' },
  { number: '9005550108', reason: 'blocked_prefix' },
  { number: null, reason: 'anonymous' },
];

type Line = { id: string; number: string; label: string; hoursPropertyId: string | null };

export async function seedVoice(
  tx: Tx,
  options: { lines: Line[]; mailboxLine: string | null; now: Date; timeZone: string },
): Promise<void> {
  const { now, timeZone } = options;
  const mailbox = options.lines.find((line) => line.number === options.mailboxLine);
  if (mailbox) {
    for (const message of VOICEMAILS) {
      const id = idFrom(`voicemail:${mailbox.number}:${message.key}`);
      const receivedAt = new Date(now.getTime() - message.ago);
      await tx.insert(t.voiceMessages).values({
        id,
        lineId: mailbox.id,
        kind: 'voicemail',
        fromNumber: message.from,
        callerName: message.callerName,
        receivedAt,
        durationSeconds: message.seconds,
        transcript: message.transcript,
        heardAt: message.heard ? new Date(receivedAt.getTime() + HOUR) : null,
      });
      await tx
        .insert(t.voiceMedia)
        .values({ messageId: id, contentType: 'audio/wav', bytes: toneWav(message.seconds, message.notes) });
    }
    const faxId = idFrom(`fax:${mailbox.number}:order`);
    const receivedAt = new Date(now.getTime() - FAX.ago);
    await tx.insert(t.voiceMessages).values({
      id: faxId,
      lineId: mailbox.id,
      kind: 'fax',
      fromNumber: FAX.from,
      callerName: FAX.callerName,
      receivedAt,
      pages: 1,
    });
    const pdf = await faxPdf({
      from: FAX.sender,
      fromNumber: FAX.from,
      to: mailbox.number,
      receivedAt,
      lines: FAX.lines,
    });
    await tx.insert(t.voiceMedia).values({ messageId: faxId, contentType: 'application/pdf', bytes: pdf });
  }

  for (const line of options.lines) await tx.insert(t.callRecords).values(callHistory(line, now, timeZone));

  // demo-data.md: Call Guard on "label" (with the robocaller and the premium prefix of the blocked calls above, and
  // withheld numbers blocked); a coffee shop's hours, voicemail on holidays and after hours. A line that follows a
  // community property's business hours (issue 22 item 5) keeps the platform's default hours of its own.
  const year = Number(dateInZone(now, timeZone).slice(0, 4));
  const open = { open: '07:00', close: '18:00' };
  for (const line of options.lines) {
    const own = line.hoursPropertyId === null;
    await tx.insert(t.voiceLineSettings).values({
      lineId: line.id,
      forwarding: {
        ...defaultForwarding(),
        hoursPropertyId: line.hoursPropertyId,
        ...(own
          ? {
              businessHours: {
                mon: open,
                tue: open,
                wed: open,
                thu: open,
                fri: open,
                sat: { open: '08:00', close: '14:00' },
                sun: null,
              },
              holidays: [`${year}-12-25`, `${year + 1}-01-01`],
            }
          : {}),
        scheduleRules: [
          { id: idFrom(`rule:${line.number}:holiday`), when: 'holiday', action: { type: 'voicemail' } },
          { id: idFrom(`rule:${line.number}:after-hours`), when: 'after_hours', action: { type: 'voicemail' } },
        ],
      },
      callGuard: {
        ...defaultCallGuard(),
        level: 'label',
        blockedNumbers: ['+18885550142'],
        blockedPrefixes: ['900'],
        blockAnonymous: true,
      },
      updatedAt: now,
    });
  }
}

/** CALL_HISTORY_DAYS of calls on a line, business hours heavy, none later than `now`. */
function callHistory(line: Line, now: Date, timeZone: string): (typeof t.callRecords.$inferInsert)[] {
  const random = randomFrom(`calls:${line.number}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = dateInZone(now, timeZone);
  const rows: (typeof t.callRecords.$inferInsert)[] = [];
  for (let back = CALL_HISTORY_DAYS - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    const midnight = startOfDayInZone(date, timeZone).getTime();
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const calls =
      weekday === 0
        ? Math.floor(random() * 2)
        : weekday === 6
          ? 1 + Math.floor(random() * 3)
          : 5 + Math.floor(random() * 8);
    for (let n = 0; n < calls; n++) {
      const startedAt = new Date(
        midnight + (6 * 60 + Math.floor(random() * 13 * 60)) * MINUTE + Math.floor(random() * 60) * 1000,
      );
      if (startedAt.getTime() > now.getTime()) continue;
      const roll = random();
      const id = idFrom(`call:${line.number}:${date}:${n}`);
      if (roll < 0.06) {
        const blocked = pick(BLOCKED);
        rows.push({
          id,
          lineId: line.id,
          direction: 'blocked',
          otherNumber: blocked.number,
          startedAt,
          durationSeconds: 0,
          blockReason: blocked.reason,
        });
      } else {
        const contact = pick(CONTACTS);
        const direction = roll < 0.16 ? 'missed' : roll < 0.45 ? 'outgoing' : 'incoming';
        const durationSeconds = direction === 'missed' ? 0 : 15 + Math.floor(random() * 540);
        rows.push({
          id,
          lineId: line.id,
          direction,
          otherNumber: contact.number,
          otherName: direction === 'outgoing' ? null : contact.name,
          startedAt,
          durationSeconds,
        });
      }
    }
  }
  return rows;
}
