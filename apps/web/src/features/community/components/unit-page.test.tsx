import { screen, within } from '@testing-library/react';
import {
  COMMUNITY_UNIT_ACCESS_PATH,
  COMMUNITY_UNIT_PATH,
  COMMUNITY_UNIT_RESIDENT_PATH,
  COMMUNITY_UNIT_WIFI_PATH,
  MOVE_OUT_PAST,
  RESIDENT_OVERLAPS_NEXT,
  type UnitDetail,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { lakesideApi, SOUTH, SOUTH_UNITS } from '../testing/community-fixtures';

// issue 22 item 3, wider-portal.md §10: one unit, its resident, access and Wi-Fi details
const UNIT = SOUTH_UNITS[1] as (typeof SOUTH_UNITS)[number];
const path = (template: string) => template.replace(':unitId', UNIT.id);
const detail = (change: Partial<UnitDetail> = {}): UnitDetail => ({
  ...UNIT,
  resident: {
    name: 'Rosa Delgado',
    email: 'rosa@example.com',
    phone: '+17045550199',
    moveIn: '2026-03-01',
    moveOut: null,
  },
  property: { id: SOUTH.id, name: SOUTH.name },
  nextResident: null,
  canManage: true,
  ...change,
});

function unitApi(unit: UnitDetail, routes: Record<string, unknown> = {}) {
  return lakesideApi({ [`GET ${path(COMMUNITY_UNIT_PATH)}`]: jsonResponse(unit), ...routes } as never);
}

const conflict = (reason: string) =>
  jsonResponse({ error: { code: 'CONFLICT', message: 'test', details: { reason } } }, 409);

describe('a unit (/community/units/$unitId)', () => {
  it('shows the resident and the access, suspends it by keyboard after confirming, and passes axe', async () => {
    const { user, fetchMock } = await renderApp({
      path: `/community/units/${UNIT.id}`,
      ...unitApi(detail(), {
        [`PUT ${path(COMMUNITY_UNIT_ACCESS_PATH)}`]: (request: FakeRequest) =>
          jsonResponse(detail({ access: (request.body as { access: 'suspended' }).access })),
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Unit 102, Lakeside South' });
    const resident = screen.getByRole('region', { name: 'Resident' });
    expect(within(resident).getByText('Rosa Delgado')).toBeInTheDocument();
    expect(within(resident).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(resident).getByText('(704) 555-0199')).toBeInTheDocument();
    expect(within(resident).getByText('Lease ongoing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Units at Lakeside South/ })).toHaveAttribute(
      'href',
      `/community/properties/${SOUTH.id}`,
    );
    await expectNoAxeViolations();

    const access = screen.getByRole('region', { name: 'Service access' });
    within(access).getByRole('button', { name: 'Suspend access' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend access for unit 102?' });
    expect(dialog).toHaveTextContent('Rosa Delgado loses Wi-Fi');
    // nothing is sent before the choice
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_ACCESS_PATH))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend access' }));
    expect(await within(access).findByRole('status')).toHaveTextContent('Access suspended.');
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_ACCESS_PATH), 'PUT')[0]?.body).toEqual({ access: 'suspended' });
    expect(within(access).getByRole('button', { name: 'Restore access' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says why a change was refused (a unit never activated) and offers no access change for it', async () => {
    await renderApp({ path: `/community/units/${UNIT.id}`, ...unitApi(detail({ access: 'inactive' })) });
    const access = await screen.findByRole('region', { name: 'Service access' });
    expect(access).toHaveTextContent('Not activated yet');
    expect(within(access).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits the resident; the server’s refusal shows on its field; a fixed date saves', async () => {
    let calls = 0;
    const { user, fetchMock } = await renderApp({
      path: `/community/units/${UNIT.id}`,
      ...unitApi(detail(), {
        [`PUT ${path(COMMUNITY_UNIT_RESIDENT_PATH)}`]: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse(
                {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'x',
                    fields: [{ path: 'body.moveOut', code: MOVE_OUT_PAST }],
                  },
                },
                400,
              )
            : jsonResponse(detail());
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit resident' }));
    const name = screen.getByRole('textbox', { name: 'Resident’s name' });
    expect(name).toHaveValue('Rosa Delgado');
    // the number as people write it (the server reads it back to E.164)
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('(704) 555-0199');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save resident' }));
    expect(await screen.findByText('Enter the resident’s name.')).toBeInTheDocument();
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_RESIDENT_PATH))).toHaveLength(0);
    await user.type(name, 'Rosa Delgado-Ruiz');
    const moveOut = screen.getByRole('textbox', { name: /Move-out date/ });
    await user.type(moveOut, '04/15/26');
    await user.click(screen.getByRole('button', { name: 'Save resident' }));
    expect(await screen.findByText('The move-out date can’t be in the past.')).toBeInTheDocument();
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_RESIDENT_PATH))[0]?.body).toEqual({
      name: 'Rosa Delgado-Ruiz',
      email: 'rosa@example.com',
      phone: '(704) 555-0199',
      moveIn: '2026-03-01',
      moveOut: '2026-04-15',
    });
    await expectNoAxeViolations();
    await user.clear(moveOut);
    await user.type(moveOut, '01/15/27');
    await user.click(screen.getByRole('button', { name: 'Save resident' }));
    expect(await screen.findByText('Resident saved.')).toBeInTheDocument();
  });

  it('sends the Wi-Fi details by text in Spanish, and shows a refusal’s reason', async () => {
    let calls = 0;
    const { user, fetchMock } = await renderApp({
      path: `/community/units/${UNIT.id}`,
      ...unitApi(detail(), {
        [`POST ${path(COMMUNITY_UNIT_WIFI_PATH)}`]: () => {
          calls += 1;
          return calls === 1 ? jsonResponse({ channel: 'text', sentTo: '•••• 0199' }) : conflict('accessSuspended');
        },
      }),
    });
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi details' });
    await user.click(within(wifi).getByRole('radio', { name: 'Text message' }));
    await user.selectOptions(within(wifi).getByRole('combobox', { name: 'Language of the message' }), 'Spanish');
    await user.click(within(wifi).getByRole('button', { name: 'Send Wi-Fi details' }));
    expect(await within(wifi).findByRole('status')).toHaveTextContent('Sent by text to •••• 0199.');
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_WIFI_PATH))[0]?.body).toEqual({ channel: 'text', language: 'es' });
    await user.click(within(wifi).getByRole('button', { name: 'Send Wi-Fi details' }));
    expect(await within(wifi).findByRole('alert')).toHaveTextContent('restore it before sending');
  });

  it('shows the next resident with its own edit; a move-out reaching their move-in is refused in words', async () => {
    const next = { name: 'Tomás Ferreira', email: null, phone: null, moveIn: '2027-02-01', moveOut: null };
    const withNext = detail({
      resident: {
        name: 'Rosa Delgado',
        email: 'rosa@example.com',
        phone: null,
        moveIn: '2026-03-01',
        moveOut: '2027-01-31',
      },
      nextResident: next,
    });
    const { user, fetchMock } = await renderApp({
      path: `/community/units/${UNIT.id}`,
      ...unitApi(withNext, {
        [`PUT ${path(COMMUNITY_UNIT_RESIDENT_PATH)}`]: (request: FakeRequest) => {
          const body = request.body as { name: string; moveOut: string | null };
          return body.name === 'Rosa Delgado' && body.moveOut === null
            ? jsonResponse(
                {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'x',
                    fields: [{ path: 'body.moveOut', code: RESIDENT_OVERLAPS_NEXT }],
                  },
                },
                400,
              )
            : jsonResponse(withNext);
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Next resident' });
    expect(within(section).getByText('Tomás Ferreira')).toBeInTheDocument();
    expect(section).toHaveTextContent('Moves in on Feb 1, 2027, when the unit’s access becomes theirs.');
    await expectNoAxeViolations();
    // the current resident's lease made open-ended: refused, in words, on the move-out
    await user.click(screen.getByRole('button', { name: 'Edit resident' }));
    await user.clear(screen.getByRole('textbox', { name: /Move-out date/ }));
    await user.click(screen.getByRole('button', { name: 'Save resident' }));
    expect(
      await screen.findByText('The next resident moves in by then. Choose a move-out before their move-in.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // the next resident's own form, filled with theirs
    await user.click(within(section).getByRole('button', { name: 'Edit next resident' }));
    expect(within(section).getByRole('textbox', { name: 'Resident’s name' })).toHaveValue('Tomás Ferreira');
    await user.click(within(section).getByRole('button', { name: 'Save resident' }));
    expect(await within(section).findByText('Resident saved.')).toBeInTheDocument();
    expect(fetchMock.requestsTo(path(COMMUNITY_UNIT_RESIDENT_PATH), 'PUT').at(-1)?.body).toMatchObject({
      name: 'Tomás Ferreira',
      moveIn: '2027-02-01',
    });
  });

  it('shows a viewer the unit without any change', async () => {
    await renderApp({ path: `/community/units/${UNIT.id}`, ...unitApi(detail({ canManage: false })) });
    await screen.findByRole('heading', { level: 1, name: 'Unit 102, Lakeside South' });
    expect(screen.queryByRole('button', { name: 'Edit resident' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wi-Fi details' })).not.toBeInTheDocument();
  });

  it('renders in Spanish and passes axe', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: `/community/units/${UNIT.id}`, ...unitApi(detail()) });
    await screen.findByRole('heading', { level: 1, name: 'Unidad 102, Lakeside South' });
    expect(screen.getByRole('button', { name: 'Suspender el acceso' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Datos del Wi-Fi' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
