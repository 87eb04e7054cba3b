import { screen } from '@testing-library/react';
import {
  INVITATION_PATH,
  INVITATION_RESEND_PATH,
  INVITATIONS_PATH,
  type Invitation,
  type Locale,
  type ManagedUser,
  PRIMARY_TRANSFER_PATH,
  type SessionProfile,
  STEP_UP_PATH,
  USER_ACCESS_PATH,
  USER_DEACTIVATE_PATH,
  USER_PATH,
  USER_REACTIVATE_PATH,
  USER_ROLE_PATH,
  USERS_PATH,
} from '@vireo/shared';
import { type ReactNode } from 'react';
import {
  apiError,
  type FakeHandler,
  type FakeRequest,
  jsonResponse,
  noContent,
  stubApi,
  testProfile,
} from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { UsersPage } from '../components/users-page';

const NONE = {
  changeRole: false,
  deactivate: false,
  reactivate: false,
  remove: false,
  changeAccess: false,
  receivePrimary: false,
};
const ACTIVE_CAN = { ...NONE, changeRole: true, deactivate: true, remove: true, changeAccess: true };

/** A user as the server lists it; `overrides` change it. */
export function managedUser(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id: '5b1f3c0e-8f7a-4d4e-9a51-000000000001',
    firstName: 'Hannah',
    lastName: 'Reyes',
    username: 'harbor-owner',
    email: 'hannah@harbor.example',
    role: 'PRIMARY',
    status: 'active',
    accessEndsAt: null,
    lastSignInAt: '2026-11-21T15:30:00.000Z',
    isYou: false,
    can: NONE,
    ...overrides,
  };
}

/** Harbor Coffee (demo-data.md) as harbor-owner sees it: themselves, an admin, a staff member, a former one. */
export const OWNER = managedUser({ isYou: true });
export const ADMIN = managedUser({
  id: '5b1f3c0e-8f7a-4d4e-9a51-000000000002',
  firstName: 'Marcus',
  lastName: 'Chen',
  username: 'harbor-admin',
  email: 'marcus@harbor.example',
  role: 'ADMIN',
  lastSignInAt: null,
  can: { ...ACTIVE_CAN, receivePrimary: true },
});
export const STAFF = managedUser({
  id: '5b1f3c0e-8f7a-4d4e-9a51-000000000003',
  firstName: 'Priya',
  lastName: 'Shah',
  username: 'harbor-staff',
  email: 'priya@harbor.example',
  role: 'STANDARD',
  accessEndsAt: '2027-01-15T12:00:00.000Z',
  can: ACTIVE_CAN,
});
export const FORMER = managedUser({
  id: '5b1f3c0e-8f7a-4d4e-9a51-000000000004',
  firstName: 'Dana',
  lastName: 'Ortiz',
  username: 'harbor-seasonal',
  email: 'dana@harbor.example',
  role: 'BILLING',
  status: 'deactivated',
  can: { ...NONE, reactivate: true, remove: true },
});

export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: '9c2e4d1a-6b3f-4a8e-8d2c-000000000001',
    email: 'li@harbor.example',
    firstName: 'Li',
    lastName: 'Wong',
    role: 'BILLING',
    status: 'pending',
    sentAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-23T10:00:00.000Z',
    accessEndsAt: null,
    invitedBy: { firstName: 'Hannah', lastName: 'Reyes' },
    ...overrides,
  };
}
export const PENDING = invitation();
export const EXPIRED = invitation({
  id: '9c2e4d1a-6b3f-4a8e-8d2c-000000000002',
  email: 'sam@harbor.example',
  firstName: 'Sam',
  lastName: 'Park',
  role: 'STANDARD',
  status: 'expired',
  sentAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-04T10:00:00.000Z',
  invitedBy: null,
});

export const page = <T,>(items: T[], nextCursor: string | null = null, previousCursor: string | null = null) => ({
  items,
  nextCursor,
  previousCursor,
});

const path = (template: string, param: string, id: string) => template.replace(`:${param}`, id);
export const userPath = (template: string, user: ManagedUser) => path(template, 'userId', user.id);
export const invitationPath = (template: string, invitation: Invitation) =>
  path(template, 'invitationId', invitation.id);

/**
 * A fake users API with state: the list answers what the changes made. Role changes and Primary transfers need a
 * step-up (403 STEP_UP_REQUIRED) until `proven` (the step-up path, with the password `correct horse`, proves it).
 */
export function usersServer(
  options: {
    users?: ManagedUser[];
    invitations?: Invitation[];
    proven?: boolean;
    override?: Record<string, FakeHandler>;
  } = {},
) {
  const state = {
    users: [...(options.users ?? [OWNER, ADMIN, STAFF, FORMER])],
    invitations: [...(options.invitations ?? [PENDING, EXPIRED])],
    proven: options.proven ?? false,
  };
  const update = (id: string, change: (user: ManagedUser) => ManagedUser) => {
    const user = state.users.find((item) => item.id === id);
    if (!user) return apiError('NOT_FOUND', 404);
    const changed = change(user);
    state.users = state.users.map((item) => (item.id === id ? changed : item));
    return jsonResponse({ user: changed });
  };
  const routes: Record<string, FakeHandler> = {
    [`GET ${USERS_PATH}`]: (request: FakeRequest) => {
      const params = new URLSearchParams(request.search);
      const q = params.get('q')?.toLowerCase() ?? '';
      const status = params.get('status');
      return jsonResponse(
        page(
          state.users.filter(
            (user) =>
              (!status || user.status === status) &&
              (!q || `${user.firstName} ${user.lastName} ${user.username} ${user.email}`.toLowerCase().includes(q)),
          ),
        ),
      );
    },
    [`GET ${INVITATIONS_PATH}`]: () => jsonResponse(page(state.invitations)),
    [`POST ${STEP_UP_PATH}`]: (request) => {
      if ((request.body as { password: string }).password !== 'correct horse')
        return apiError('INVALID_CREDENTIALS', 401);
      state.proven = true;
      return jsonResponse({ validUntil: '2026-11-21T20:10:00.000Z' });
    },
  };
  for (const user of state.users) {
    routes[`PUT ${userPath(USER_ROLE_PATH, user)}`] = (request) =>
      state.proven
        ? update(user.id, (current) => ({ ...current, role: (request.body as { role: ManagedUser['role'] }).role }))
        : apiError('STEP_UP_REQUIRED', 403);
    routes[`PUT ${userPath(USER_ACCESS_PATH, user)}`] = (request) =>
      update(user.id, (current) => {
        const day = (request.body as { accessEndsOn: string | null }).accessEndsOn;
        return { ...current, accessEndsAt: day ? `${day}T23:59:59.000Z` : null };
      });
    routes[`POST ${userPath(USER_DEACTIVATE_PATH, user)}`] = () =>
      update(user.id, (current) => ({
        ...current,
        status: 'deactivated',
        can: { ...NONE, reactivate: true, remove: true },
      }));
    routes[`POST ${userPath(USER_REACTIVATE_PATH, user)}`] = () =>
      update(user.id, (current) => ({ ...current, status: 'active', can: ACTIVE_CAN }));
    // as the server: 204, the user gone
    routes[`DELETE ${userPath(USER_PATH, user)}`] = () => {
      if (!state.users.some((item) => item.id === user.id)) return apiError('NOT_FOUND', 404);
      state.users = state.users.filter((item) => item.id !== user.id);
      return noContent();
    };
  }
  routes[`POST ${PRIMARY_TRANSFER_PATH}`] = (request) => {
    if (!state.proven) return apiError('STEP_UP_REQUIRED', 403);
    const { userId } = request.body as { userId: string };
    state.users = state.users.map((user) =>
      user.isYou ? { ...user, role: 'ADMIN' } : user.id === userId ? { ...user, role: 'PRIMARY', can: NONE } : user,
    );
    return jsonResponse({ user: state.users.find((user) => user.id === userId) });
  };
  routes[`POST ${INVITATIONS_PATH}`] = (request) => {
    const body = request.body as { email: string; firstName: string; lastName: string; role: Invitation['role'] };
    if (state.invitations.some((item) => item.email === body.email)) return apiError('ALREADY_MEMBER', 409);
    const made = invitation({
      id: '9c2e4d1a-6b3f-4a8e-8d2c-000000000009',
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      sentAt: '2026-11-21T16:00:00.000Z',
      expiresAt: '2026-11-24T16:00:00.000Z',
    });
    state.invitations = [made, ...state.invitations];
    return jsonResponse({ invitation: made }, 201);
  };
  for (const item of state.invitations) {
    routes[`POST ${invitationPath(INVITATION_RESEND_PATH, item)}`] = () => {
      const renewed = { ...item, status: 'pending' as const, expiresAt: '2026-11-24T18:00:00.000Z' };
      state.invitations = state.invitations.map((current) => (current.id === item.id ? renewed : current));
      return jsonResponse({ invitation: renewed });
    };
    routes[`DELETE ${invitationPath(INVITATION_PATH, item)}`] = () => {
      state.invitations = state.invitations.filter((current) => current.id !== item.id);
      return noContent();
    };
  }
  Object.assign(routes, options.override);
  return { routes, state };
}

/** The users page (and whatever `around` adds, e.g. the step-up host) on a fake API, signed in as harbor-owner. */
export async function renderUsers(
  routes: Record<string, FakeHandler>,
  {
    locale = 'en',
    profile = testProfile('PRIMARY', { username: 'harbor-owner' }),
    around,
  }: {
    locale?: Locale;
    profile?: SessionProfile;
    around?: ReactNode;
  } = {},
) {
  const api = stubApi({ profile, routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      {around}
      <UsersPage />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 1, name: locale === 'es' ? 'Usuarios' : 'Users' });
  return { api, user: rendered.user, queryClient: rendered.queryClient };
}
