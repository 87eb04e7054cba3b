import { screen } from '@testing-library/react';
import {
  type CallGuardSettings,
  type CallLogsPage,
  type CallRecord,
  type ForwardingSettings,
  type Locale,
  VOICE_LINES_PATH,
  type VoiceCardResponse,
  type VoiceLinesResponse,
  type VoiceMessage,
  type VoiceMessagesPage,
} from '@vireo/shared';
import type { ComponentType } from 'react';
import { type FakeApiOptions, stubApi } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { VoicemailPage } from '../components/voicemail-page';

export const FRONT = '7a1c0e2b-1f3d-4c5e-8a9b-00000000a101';
export const OFFICE = '7a1c0e2b-1f3d-4c5e-8a9b-00000000a102';

/** Harbor's lines as the server answers them (voice.int.test.ts). */
export function harborLines(overrides: Partial<VoiceLinesResponse['lines'][number]>[] = []): VoiceLinesResponse {
  const lines: VoiceLinesResponse['lines'] = [
    {
      id: FRONT,
      number: '2075550101',
      label: 'Front counter',
      callerIdName: null,
      assignedTo: { userId: '7a1c0e2b-1f3d-4c5e-8a9b-00000000b001', name: 'Hannah Reyes' },
      unreadCount: 3,
      switchType: 'classic',
    },
    {
      id: OFFICE,
      number: '2075550102',
      label: 'Office',
      callerIdName: null,
      assignedTo: null,
      unreadCount: 0,
      switchType: 'classic',
    },
  ];
  return { lines: lines.map((line, index) => ({ ...line, ...overrides[index] })), hoursProperties: [] };
}

/** harbor-owner's voice card as the server answers it (voice-card.int.test.ts), two of the lines. */
export function harborVoiceCard(overrides: Partial<VoiceCardResponse> = {}): VoiceCardResponse {
  return {
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
    ],
    hostedVoice: { provisioned: false, admin: true },
    ...overrides,
  };
}

/** The card of a user without CPNI access (harbor-staff, harbor-billing). */
export const STAFF_VOICE_CARD = harborVoiceCard({
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

export const DAIRY: VoiceMessage = {
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000c001',
  lineId: FRONT,
  kind: 'voicemail',
  from: '2075550148',
  callerName: 'CASCO BAY DAIRY',
  receivedAt: '2026-11-21T13:00:00.000Z',
  durationSeconds: 14,
  pages: null,
  box: 'new',
  purgeAt: null,
  transcript: {
    spoken: 'en',
    en: 'Hi, this is Maria from Casco Bay Dairy.',
    es: 'Hola, soy Maria de Casco Bay Dairy.',
  },
};
export const LUCIA: VoiceMessage = {
  ...DAIRY,
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000c002',
  from: '2075550177',
  callerName: 'FERNANDEZ LUCIA',
  receivedAt: '2026-11-20T13:00:00.000Z',
  durationSeconds: 12,
  transcript: {
    spoken: 'es',
    en: 'Hello, this is Lucía Fernández.',
    es: 'Hola, soy Lucía Fernández.',
  },
};
export const FAX: VoiceMessage = {
  ...DAIRY,
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000c003',
  kind: 'fax',
  from: '2075550166',
  callerName: 'BAYSIDE PAPER',
  receivedAt: '2026-11-20T18:00:00.000Z',
  durationSeconds: null,
  pages: 1,
  transcript: null,
};

export function page(items: VoiceMessage[], counts = { new: 3, saved: 2, deleted: 0 }): VoiceMessagesPage {
  return { items, nextCursor: null, previousCursor: null, counts };
}

/** The page with the app's providers in `locale`, on a fake API. */
export async function renderVoicemail(routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <VoicemailPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Mensajes de voz' : 'Voice Messages' });
  return { api, user: rendered.user };
}

/** Harbor's forwarding as the demo seeds it (seed/voice.ts): a coffee shop's hours, voicemail on holidays and after. */
export function harborForwarding(): ForwardingSettings {
  const open = { open: '07:00', close: '18:00' };
  return {
    always: { enabled: false, to: '' },
    busy: { enabled: false, to: '' },
    noAnswer: { enabled: false, to: '', rings: 4 },
    unreachable: { enabled: false, to: '' },
    simultaneousRing: { enabled: false, numbers: [] },
    businessHours: {
      mon: open,
      tue: open,
      wed: open,
      thu: open,
      fri: open,
      sat: { open: '08:00', close: '14:00' },
      sun: null,
    },
    holidays: ['2026-12-25', '2027-01-01'],
    scheduleRules: [
      { id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000d001', when: 'holiday', action: { type: 'voicemail' } },
      { id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000d002', when: 'after_hours', action: { type: 'voicemail' } },
    ],
    hoursPropertyId: null,
  };
}

/** Harbor's Call Guard as the demo seeds it. */
export function harborCallGuard(): CallGuardSettings {
  return {
    level: 'label',
    blockedNumbers: ['+18885550142'],
    blockedPrefixes: ['900'],
    blockAnonymous: true,
    allowedNumbers: [],
  };
}

export const ROBOCALL: CallRecord = {
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001',
  direction: 'blocked',
  number: '8885550142',
  name: null,
  startedAt: '2026-11-20T15:00:00.000Z',
  durationSeconds: 0,
  blockReason: 'blocked_number',
};
export const MISSED: CallRecord = {
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000e002',
  direction: 'missed',
  number: '2075550148',
  name: 'CASCO BAY DAIRY',
  startedAt: '2026-11-21T14:00:00.000Z',
  durationSeconds: 0,
  blockReason: null,
};
export const ANSWERED: CallRecord = {
  ...MISSED,
  id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000e003',
  direction: 'incoming',
  durationSeconds: 125,
};

export function callsPage(items: CallRecord[], nextCursor: string | null = null): CallLogsPage {
  return { items, nextCursor, previousCursor: null };
}

/** A page of the line pages module with the app's providers in `locale`, on a fake API, as harbor's PRIMARY. */
export async function renderLinePage(Page: ComponentType, routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  const api = stubApi({ routes: { [`GET ${VOICE_LINES_PATH}`]: harborLines(), ...routes } });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <Page />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { api, user: rendered.user };
}
