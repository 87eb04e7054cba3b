import { screen, waitFor, within } from '@testing-library/react';
import { USERS_PATH, VOICE_LINES_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  ANSWERED,
  callsPage,
  FRONT,
  harborCallGuard,
  harborForwarding,
  harborLines,
  MISSED,
  OFFICE,
  ROBOCALL,
  renderLinePage,
} from '../testing/voice-fixtures';
import { CallGuardPage, CallLogsPage, ForwardingManagerPage, ManageLinesPage } from './line-pages';

const CALLS = `/api/pub/voice/v1/lines/${FRONT}/calls`;
const FORWARDING = `/api/pub/voice/v1/lines/${FRONT}/forwarding`;
const GUARD = `/api/pub/voice/v1/lines/${FRONT}/call-guard`;
const SIMULATE = `/api/pub/voice/v1/lines/${FRONT}/simulate`;
const validationFailed = (fields: { path: string; code: string }[]) =>
  jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'refused (test)', fields } }, 400);

describe('the call logs (wider-portal.md §6, issue 19 item 5)', () => {
  it('lists the first line’s calls, filters them to missed ones, and offers the same calls as CSV', async () => {
    const { api, user } = await renderLinePage(CallLogsPage, {
      [`GET ${CALLS}`]: (request) =>
        jsonResponse(callsPage(new URLSearchParams(request.search).get('direction') ? [MISSED] : [ANSWERED, MISSED])),
    });
    const table = await screen.findByRole('table', { name: 'Calls on Front counter' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('CASCO BAY DAIRY');
    expect(table).toHaveTextContent('2:05');
    await expectNoAxeViolations();

    await user.selectOptions(screen.getByLabelText('Calls'), 'missed');
    await user.click(screen.getByRole('button', { name: 'Show calls' }));
    expect(await screen.findByRole('table', { name: 'Missed calls on Front counter' })).toBeInTheDocument();
    expect(new URLSearchParams(api.requestsTo(CALLS).at(-1)?.search).get('direction')).toBe('missed');
    expect(screen.getByRole('link', { name: 'Download these calls (CSV)' })).toHaveAttribute(
      'href',
      `${CALLS}/export?direction=missed&lang=en`,
    );
  });

  it('refuses an end date before the start date on To, and asks nothing', async () => {
    const { api, user } = await renderLinePage(CallLogsPage, { [`GET ${CALLS}`]: jsonResponse(callsPage([MISSED])) });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(/^From/), '11/20/26');
    await user.type(screen.getByLabelText(/^To/), '11/10/26');
    await user.click(screen.getByRole('button', { name: 'Show calls' }));
    const to = screen.getByLabelText(/^To/);
    expect(to).toHaveAccessibleDescription(/The end date must be on or after the start date/);
    expect(to).toHaveFocus();
    expect(api.requestsTo(CALLS)).toHaveLength(1);
  });
});

describe('the lines page (issue 19 item 6)', () => {
  it('checks the caller-ID name as the server does, then saves the name, caller ID and who answers', async () => {
    const { api, user } = await renderLinePage(ManageLinesPage, {
      [`GET ${USERS_PATH}`]: jsonResponse({
        items: [
          {
            id: '7a1c0e2b-1f3d-4c5e-8a9b-00000000b002',
            firstName: 'Sam',
            lastName: 'Ortiz',
            username: 'harbor-sam',
            email: 'sam@harbor.example',
            role: 'STANDARD',
            status: 'active',
            accessEndsAt: null,
            lastSignInAt: null,
            isYou: false,
            can: {
              changeRole: true,
              deactivate: true,
              reactivate: false,
              remove: true,
              changeAccess: true,
              receivePrimary: false,
            },
          },
        ],
        nextCursor: null,
        previousCursor: null,
      }),
      [`PATCH /api/pub/voice/v1/lines/${OFFICE}`]: (request) =>
        jsonResponse({
          id: OFFICE,
          number: '2075550102',
          label: 'Back office',
          callerIdName: null,
          assignedTo: null,
          unreadCount: 0,
          switchType: 'classic',
          ...(request.body as object),
        }),
    });
    const office = await screen.findByRole('form', { name: '(207) 555-0102' });
    const name = within(office).getByLabelText('Line name');
    await user.clear(name);
    await user.type(name, 'Back office');
    await user.type(within(office).getByLabelText('Caller ID name'), 'Harbor Coffee Company');
    await user.click(within(office).getByRole('button', { name: 'Save line' }));
    const callerId = within(office).getByLabelText('Caller ID name');
    expect(callerId).toHaveAccessibleDescription(/at most 15 characters/);
    expect(callerId).toHaveFocus();
    expect(api.requestsTo(`/api/pub/voice/v1/lines/${OFFICE}`)).toHaveLength(0);

    await user.clear(callerId);
    await user.type(callerId, 'Harbor Coffee');
    await user.selectOptions(within(office).getByLabelText('Answered by'), 'Sam Ortiz');
    await user.click(within(office).getByRole('button', { name: 'Save line' }));
    expect(await within(office).findByText('Line saved.')).toBeInTheDocument();
    expect(api.requestsTo(`/api/pub/voice/v1/lines/${OFFICE}`, 'PATCH').map((request) => request.body)).toEqual([
      { label: 'Back office', callerIdName: 'Harbor Coffee', assignedUserId: '7a1c0e2b-1f3d-4c5e-8a9b-00000000b002' },
    ]);
    await expectNoAxeViolations();
  });

  it('says a failed save as an alert, not as the saved status', async () => {
    const { user } = await renderLinePage(ManageLinesPage, {
      [`GET ${USERS_PATH}`]: jsonResponse({ items: [], nextCursor: null, previousCursor: null }),
      [`PATCH /api/pub/voice/v1/lines/${OFFICE}`]: () => new Response(null, { status: 503 }),
    });
    const office = await screen.findByRole('form', { name: '(207) 555-0102' });
    await user.click(within(office).getByRole('button', { name: 'Save line' }));
    expect(await within(office).findByRole('alert')).toHaveTextContent(
      'The line wasn’t saved. Nothing changed; try again.',
    );
    expect(within(office).getByRole('status')).toHaveTextContent('');
  });
});

describe('forwarding and the rule simulator (issue 19 item 7)', () => {
  it('forwards unanswered calls after 4 rings, warns that it replaces voicemail, and saves the whole setting', async () => {
    const { api, user } = await renderLinePage(ForwardingManagerPage, {
      [`GET ${FORWARDING}`]: harborForwarding(),
      [`PUT ${FORWARDING}`]: (request) => jsonResponse(request.body),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Forward when nobody answers' }));
    expect(screen.getByRole('note')).toHaveTextContent('don’t reach this line’s voicemail');
    const group = screen.getByRole('group', { name: 'When nobody answers' });
    await user.type(within(group).getByLabelText('Forward to'), '(207) 555-0199');
    await user.selectOptions(within(group).getByLabelText('After'), '4 rings');
    await user.click(screen.getByRole('button', { name: 'Save forwarding' }));
    expect(await screen.findByText('Forwarding saved.')).toBeInTheDocument();
    const [saved] = api.requestsTo(FORWARDING, 'PUT').map((request) => request.body);
    expect(saved).toEqual({ ...harborForwarding(), noAnswer: { enabled: true, to: '(207) 555-0199', rings: 4 } });
    await expectNoAxeViolations();
  });

  it('follows a community property’s business hours instead of the line’s own (issue 22 item 5)', async () => {
    const NORTH = '5d0f3c1e-2b4a-4c6d-8e9f-0a1b2c3d4e01';
    const { fetchMock: api, user } = await renderApp({
      path: '/voice/forwarding-manager',
      profile: testProfile('PRIMARY'),
      routes: {
        [`GET ${VOICE_LINES_PATH}`]: { ...harborLines(), hoursProperties: [{ id: NORTH, name: 'Lakeside North' }] },
        [`GET ${FORWARDING}`]: harborForwarding(),
        [`PUT ${FORWARDING}`]: (request) => jsonResponse(request.body),
      },
    });
    const source = await screen.findByRole('combobox', { name: 'Hours the rules follow' });
    expect(screen.getByRole('checkbox', { name: 'Open on Monday' })).toBeInTheDocument();
    await user.selectOptions(source, 'Lakeside North’s business hours');
    expect(screen.queryByRole('checkbox', { name: 'Open on Monday' })).not.toBeInTheDocument();
    expect(screen.getByText(/Calls follow Lakeside North’s business hours, holidays and closures/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Lakeside North’s business hours' })).toHaveAttribute(
      'href',
      `/manage-business-hours?propertyId=${NORTH}`,
    );
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Save forwarding' }));
    expect(await screen.findByText('Forwarding saved.')).toBeInTheDocument();
    const [saved] = api.requestsTo(FORWARDING, 'PUT').map((request) => request.body);
    // the line's own hours are kept as they were, for when it follows them again
    expect(saved).toEqual({ ...harborForwarding(), hoursPropertyId: NORTH });
  });

  it('shows the server’s refusal at the field it names, focused, with the summary', async () => {
    const { user } = await renderLinePage(ForwardingManagerPage, {
      [`GET ${FORWARDING}`]: harborForwarding(),
      [`PUT ${FORWARDING}`]: validationFailed([{ path: 'body.busy.to', code: 'voice.number.notNanp' }]),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Forward when the line is busy' }));
    const busy = screen.getByRole('group', { name: 'When the line is busy' });
    await user.type(within(busy).getByLabelText('Forward to'), '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save forwarding' }));
    const to = within(busy).getByLabelText('Forward to');
    await waitFor(() => expect(to).toHaveFocus());
    expect(to).toHaveAccessibleDescription('Enter a US or Canadian number.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct');
  });

  it('moves a schedule rule by keyboard, focus staying on the rule', async () => {
    const { api, user } = await renderLinePage(ForwardingManagerPage, {
      [`GET ${FORWARDING}`]: harborForwarding(),
      [`PUT ${FORWARDING}`]: (request) => jsonResponse(request.body),
    });
    const down = await screen.findByRole('button', { name: 'Move Rule 1 down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Rule 2 up' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save forwarding' }));
    await screen.findByText('Forwarding saved.');
    const [saved] = api
      .requestsTo(FORWARDING, 'PUT')
      .map((request) => request.body as { scheduleRules: { when: string }[] });
    expect(saved?.scheduleRules.map((rule) => rule.when)).toEqual(['after_hours', 'holiday']);
  });

  it('answers a Saturday-night call step by step', async () => {
    const { api, user } = await renderLinePage(ForwardingManagerPage, {
      [`GET ${FORWARDING}`]: harborForwarding(),
      [`POST ${SIMULATE}`]: jsonResponse({
        outcome: 'voicemail',
        labelledSpam: false,
        rule: 1,
        suspectedSpam: false,
        steps: [
          { id: 'voice.simulator.guardPassed', params: {} },
          { id: 'voice.simulator.scheduleMatched', params: { rule: 1, position: 2, when: 'after_hours' } },
          { id: 'voice.simulator.voicemail', params: {} },
        ],
      }),
    });
    const simulator = await screen.findByRole('region', { name: 'Rule simulator' });
    await user.click(within(simulator).getByRole('button', { name: 'What happens?' }));
    expect(within(simulator).getByLabelText('Day and time of the call')).toHaveAccessibleDescription(
      /Choose a day and time/,
    );
    await user.type(within(simulator).getByLabelText('Calling number'), '207 555 0148');
    await user.type(within(simulator).getByLabelText('Day and time of the call'), '2026-12-05T22:30');
    await user.click(within(simulator).getByRole('button', { name: 'What happens?' }));
    const answer = await within(simulator).findByRole('heading', { name: 'The call goes to voicemail.' });
    await waitFor(() => expect(answer).toHaveFocus());
    expect(
      within(simulator)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Call Guard lets the call through.', 'Rule 2 applies: After hours.', 'The call goes to voicemail.']);
    expect(api.requestsTo(SIMULATE, 'POST').map((request) => request.body)).toEqual([
      { from: '207 555 0148', at: '2026-12-05T22:30' },
    ]);
  });

  it('reads in Spanish', async () => {
    await renderLinePage(ForwardingManagerPage, { [`GET ${FORWARDING}`]: harborForwarding() }, 'es');
    expect(await screen.findByRole('checkbox', { name: 'Desviar cuando nadie conteste' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Reglas por horario' })).toHaveTextContent('Fuera del horario');
  });
});

describe('Call Guard (issue 19 item 8)', () => {
  it('blocks a prefix and lists the latest blocked calls with the reason', async () => {
    const { api, user } = await renderLinePage(CallGuardPage, {
      [`GET ${GUARD}`]: harborCallGuard(),
      [`PUT ${GUARD}`]: (request) => jsonResponse(request.body),
      [`GET ${CALLS}`]: jsonResponse(callsPage([ROBOCALL])),
    });
    const recent = await screen.findByRole('table', { name: 'Recently blocked calls' });
    expect(recent).toHaveTextContent('A blocked number');
    expect(new URLSearchParams(api.requestsTo(CALLS)[0]?.search).get('direction')).toBe('blocked');
    expect(screen.getByRole('radio', { name: /Label suspected robocalls/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add a prefix' }));
    await waitFor(() => expect(screen.getByLabelText('Prefix 2')).toHaveFocus());
    await user.keyboard('809');
    await user.click(screen.getByRole('button', { name: 'Save Call Guard' }));
    expect(await screen.findByText('Call Guard saved.')).toBeInTheDocument();
    expect(api.requestsTo(GUARD, 'PUT').map((request) => request.body)).toEqual([
      { ...harborCallGuard(), blockedNumbers: ['(888) 555-0142'], blockedPrefixes: ['900', '809'] },
    ]);
    await expectNoAxeViolations();
  });
});

describe('the phone page (issue 19 item 8, /services/voice/phone)', () => {
  it('lists each line with who answers it and its new voicemail, and the pages that manage it', async () => {
    await renderApp({
      path: '/services/voice/phone',
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${VOICE_LINES_PATH}`]: harborLines() },
    });
    const front = await screen.findByRole('region', { name: 'Front counter' });
    expect(front).toHaveTextContent('(207) 555-0101');
    expect(front).toHaveTextContent('Hannah Reyes');
    expect(front).toHaveTextContent('3 new messages');
    expect(
      within(front)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/services/voice/version',
      '/voice/messages',
      '/voice/call-logs',
      '/services/voice/call-forwarding',
      '/services/voice/call-guard',
    ]);
    expect(within(front).getByRole('link', { name: 'Classic voice' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Office' })).toHaveTextContent('Nobody in particular');
    await expectNoAxeViolations();
  });

  it('tells a user who may not manage voice why, instead of the lines', async () => {
    await renderApp({ path: '/services/voice/phone', profile: testProfile('STANDARD') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone' })).toBeInTheDocument();
    expect(await screen.findByText(/Your role doesn’t include voice management/)).toBeInTheDocument();
  });
});

describe('the voice version page (issue 19 item 8, /services/voice/version)', () => {
  it('says which version each line runs on, and what each version means', async () => {
    await renderApp({
      path: '/services/voice/version',
      profile: testProfile('ADMIN'),
      routes: { [`GET ${VOICE_LINES_PATH}`]: harborLines([{ switchType: 'ims' }, { switchType: null }]) },
    });
    const table = await screen.findByRole('table', { name: 'Your lines' });
    const [front, office, ...more] = within(table).getAllByRole('row').slice(1);
    expect(more).toEqual([]);
    expect(front).toHaveTextContent(/Front counter.*\(207\) 555-0101.*Cloud voice \(IMS\)/);
    expect(office).toHaveTextContent(/Office.*\(207\) 555-0102.*Can’t be checked right now/);
    const meaning = screen.getByRole('region', { name: 'What each version means' });
    expect(within(meaning).getByRole('heading', { name: 'Cloud voice (IMS)' }).parentElement).toHaveTextContent(
      /dial \*72 and a number/,
    );
    await expectNoAxeViolations();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({
      path: '/services/voice/version',
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${VOICE_LINES_PATH}`]: harborLines() },
    });
    const table = await screen.findByRole('table', { name: 'Sus líneas' });
    expect(within(table).getAllByText('Voz clásica')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Versión de voz' })).toBeVisible();
  });

  it('is the title and the access notice for a user without CPNI access', async () => {
    await renderApp({ path: '/services/voice/version', profile: testProfile('BILLING') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Voice Version' })).toBeInTheDocument();
    expect(await screen.findByText(/Your role doesn’t include voice management/)).toBeInTheDocument();
  });
});
