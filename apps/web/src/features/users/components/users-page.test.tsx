import { screen, waitFor, within } from '@testing-library/react';
import { INVITATIONS_PATH, USERS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { ADMIN, OWNER, PENDING, page, renderUsers, STAFF, usersServer } from '../testing/users-fixtures';

/** The list item of the user or invitation whose title is `name`. */
function itemOf(name: string | RegExp): HTMLElement {
  const li = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!li) throw new Error(`no item ${String(name)}`);
  return li;
}

const buttonsOf = (item: HTMLElement) =>
  within(item)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the users list (wider-portal.md §4)', () => {
  it('lists each user with username, e-mail, role and status in words, last sign-in, and only the allowed actions', async () => {
    await renderUsers(usersServer().routes);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const you = itemOf('Hannah Reyes (you)');
    expect(you).toHaveTextContent('Status: Active');
    expect(you).toHaveTextContent('Usernameharbor-owner');
    expect(you).toHaveTextContent('E-mailhannah@harbor.example');
    expect(you).toHaveTextContent('RoleAccount owner (Primary)');
    expect(you).toHaveTextContent('Last sign-inNov 21, 2026');
    expect(buttonsOf(you)).toEqual([]);

    const admin = itemOf('Marcus Chen');
    expect(admin).toHaveTextContent('RoleAdministrator');
    expect(admin).toHaveTextContent('Last sign-inNever');
    expect(buttonsOf(admin)).toEqual(['Change role', 'Change access end date', 'Make Primary', 'Deactivate', 'Remove']);
    expect(within(admin).getByRole('button', { name: 'Change role' })).toHaveAccessibleDescription('Marcus Chen');

    const staff = itemOf('Priya Shah');
    expect(staff).toHaveTextContent('Status: Access ends Jan 15, 2027');
    expect(staff).toHaveTextContent('RoleStandard');
    expect(buttonsOf(staff)).toEqual(['Change role', 'Change access end date', 'Deactivate', 'Remove']);

    const former = itemOf('Dana Ortiz');
    expect(former).toHaveTextContent('Status: Deactivated');
    expect(former).toHaveTextContent('RoleBilling');
    expect(buttonsOf(former)).toEqual(['Reactivate', 'Remove']);

    for (const item of [you, admin, staff, former]) {
      expect(item).not.toHaveTextContent(/PRIMARY|ADMIN|STANDARD|BILLING|5b1f3c0e/);
    }
  });

  it('shows an ADMIN no action on the PRIMARY (the server’s can says none)', async () => {
    const primary = { ...OWNER, isYou: false };
    const admin = { ...ADMIN, isYou: true, can: { ...ADMIN.can, receivePrimary: false } };
    await renderUsers(usersServer({ users: [primary, admin, STAFF] }).routes, {
      profile: testProfile('ADMIN', { username: 'harbor-admin' }),
    });
    expect(await screen.findByRole('heading', { name: 'Hannah Reyes' })).toBeInTheDocument();
    expect(buttonsOf(itemOf('Hannah Reyes'))).toEqual([]);
    expect(itemOf('Hannah Reyes')).toHaveTextContent('RoleAccount owner (Primary)');
    expect(buttonsOf(itemOf('Marcus Chen (you)'))).toEqual([]);
    expect(buttonsOf(itemOf('Priya Shah'))).toEqual(['Change role', 'Change access end date', 'Deactivate', 'Remove']);
  });

  it('searches by the words typed and filters by status, asking the server', async () => {
    const { api, user } = await renderUsers(usersServer().routes);
    await screen.findByRole('list', { name: 'Users' });
    const search = within(screen.getByRole('search', { name: 'Search users' }));
    await user.type(search.getByRole('searchbox', { name: 'Name, username or e-mail' }), 'priya');
    await user.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Marcus Chen' })).not.toBeInTheDocument());
    expect(itemOf('Priya Shah')).toBeInTheDocument();
    expect(api.requestsTo(USERS_PATH).at(-1)?.search).toBe('?q=priya');

    await user.clear(search.getByRole('searchbox'));
    await user.selectOptions(search.getByRole('combobox', { name: 'Status' }), 'Deactivated');
    await waitFor(() => expect(api.requestsTo(USERS_PATH).at(-1)?.search).toBe('?status=deactivated'));
    expect(await screen.findByRole('heading', { name: 'Dana Ortiz' })).toBeInTheDocument();

    await user.type(search.getByRole('searchbox'), 'nobody');
    await user.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match your search.')).toBeInTheDocument();
  });

  it('pages through the users with Previous and Next', async () => {
    const { api, user } = await renderUsers({
      ...usersServer().routes,
      [`GET ${USERS_PATH}`]: (request) =>
        request.search.includes('cursor=next-1')
          ? jsonResponse(page([STAFF], null, 'prev-1'))
          : jsonResponse(page([OWNER, ADMIN], 'next-1')),
    });
    const pager = await screen.findByRole('navigation', { name: 'Pages of users' });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Priya Shah' })).toBeInTheDocument();
    expect(api.requestsTo(USERS_PATH).at(-1)?.search).toBe('?cursor=next-1');
  });

  it('shows loading skeletons, then a failure with Try again', async () => {
    let fail = true;
    const { user } = await renderUsers({
      ...usersServer().routes,
      [`GET ${USERS_PATH}`]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(page([OWNER]))),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Users unavailable' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hannah Reyes (you)' })).toBeInTheDocument();
  });

  it('says the page is for owners and administrators when the server refuses (403)', async () => {
    await renderUsers({
      [`GET ${USERS_PATH}`]: () => apiError('FORBIDDEN', 403),
      [`GET ${INVITATIONS_PATH}`]: () => jsonResponse(page([])),
    });
    expect(await screen.findByText('Managing users is for the account owner and administrators.')).toBeInTheDocument();
  });
});

describe('invitations', () => {
  it('lists pending and expired invitations with role, sender and dates; Resend renews, Delete asks first', async () => {
    const { user } = await renderUsers(usersServer().routes);
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const pending = within(list).getByRole('heading', { name: 'Li Wong' }).closest('li') as HTMLElement;
    expect(pending).toHaveTextContent('Status: Pending, expires Nov 23, 2026');
    expect(pending).toHaveTextContent('RoleBilling');
    expect(pending).toHaveTextContent('SentNov 20, 2026 by Hannah Reyes');
    const expired = within(list).getByRole('heading', { name: 'Sam Park' }).closest('li') as HTMLElement;
    expect(expired).toHaveTextContent('Status: Expired Nov 4, 2026');
    expect(expired).toHaveTextContent('by a former user');

    await user.click(within(expired).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new link was sent to sam@harbor.example. It expires Nov 24, 2026; the old link no longer works.',
    );
    await waitFor(() => expect(expired).toHaveTextContent('Status: Pending, expires Nov 24, 2026'));

    await user.click(within(pending).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this invitation?' });
    expect(dialog).toHaveTextContent('The link sent to li@harbor.example will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete invitation' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Li Wong' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('The invitation to li@harbor.example has been deleted.');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Invitations' })).toHaveFocus());
  });

  it('says so when there are none', async () => {
    await renderUsers(usersServer({ invitations: [] }).routes);
    expect(await screen.findByText('No invitations waiting.')).toBeInTheDocument();
  });
});

describe('inviting a user', () => {
  it('checks the fields, then sends e-mail, names, role, end date and language, and lists the invitation', async () => {
    const { api, user } = await renderUsers(usersServer().routes);
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Invite a user' })).toHaveFocus());

    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Enter an e-mail address.');
    expect(within(form).getByRole('group', { name: 'Role' })).toHaveAccessibleDescription('Choose a role.');

    await user.type(email, 'Jo@Harbor.example');
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), '4111 1111 1111 1111');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Bell');
    await user.click(within(form).getByRole('radio', { name: 'Billing' }));
    await user.type(within(form).getByRole('textbox', { name: 'Last day of access (optional)' }), '13/45/26');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/card number/i);
    expect(within(form).getByRole('textbox', { name: 'Last day of access (optional)' })).toHaveAccessibleDescription(
      /Enter a real date/,
    );
    expect(api.requestsTo(INVITATIONS_PATH, 'POST')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'First name' }));
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Jo');
    await user.clear(within(form).getByRole('textbox', { name: 'Last day of access (optional)' }));
    expect(within(form).getByRole('combobox', { name: 'Language of the e-mail' })).toHaveValue('en');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Language of the e-mail' }), 'Español');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to jo@harbor.example.');
    expect(api.requestsTo(INVITATIONS_PATH, 'POST')[0]?.body).toEqual({
      email: 'jo@harbor.example',
      firstName: 'Jo',
      lastName: 'Bell',
      role: 'BILLING',
      language: 'es',
    });
    expect(await screen.findByRole('heading', { name: 'Jo Bell' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Invite a user' })).toHaveFocus());
  });

  it('puts ALREADY_MEMBER and the server’s field errors on the fields', async () => {
    const { user } = await renderUsers(usersServer().routes);
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), PENDING.email);
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Li');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Wong');
    await user.click(within(form).getByRole('radio', { name: 'Standard' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'This address is already a user or has been invited. To send the link again, use Resend on that invitation.',
      ),
    );
    expect(email).toHaveFocus();
  });

  it('maps VALIDATION_FAILED to the fields (a card number in a name)', async () => {
    const { user } = await renderUsers({
      ...usersServer().routes,
      [`POST ${INVITATIONS_PATH}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'bad (test)',
              fields: [{ path: 'body.lastName', code: 'text.cardNumberRefused' }],
            },
          },
          400,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'new@harbor.example');
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'New');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Person');
    await user.click(within(form).getByRole('radio', { name: 'Administrator' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(/card number/i),
    );
  });
});
