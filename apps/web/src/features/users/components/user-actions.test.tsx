import { screen, waitFor, within } from '@testing-library/react';
import { PRIMARY_TRANSFER_PATH, USER_ACCESS_PATH, USER_DEACTIVATE_PATH, USER_ROLE_PATH } from '@vireo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRoots } from '../../../entities/query-keys';
import { setStepUpHandler } from '../../../lib/api-client';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { ADMIN, renderUsers, STAFF, userPath, usersServer } from '../testing/users-fixtures';

function itemOf(name: string | RegExp): HTMLElement {
  const li = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!li) throw new Error(`no item ${String(name)}`);
  return li;
}

const refusal = (code: string, status: number, details?: Record<string, string>) =>
  jsonResponse({ error: { code, message: `${code} (test)`, details } }, status);

let unregister: () => void = () => undefined;
afterEach(() => unregister());

describe('changing a user (wider-portal.md §4)', () => {
  it('deactivates after a confirmation, then reactivates; each result is announced and focus goes to the user', async () => {
    const { api, user } = await renderUsers(usersServer().routes);
    await screen.findByRole('heading', { name: 'Priya Shah' });
    await user.click(within(itemOf('Priya Shah')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Priya Shah?' });
    expect(dialog).toHaveTextContent('Priya Shah will be signed out');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Priya Shah has been deactivated.');
    await waitFor(() => expect(itemOf('Priya Shah')).toHaveTextContent('Status: Deactivated'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Priya Shah' })).toHaveFocus());
    expect(api.requestsTo(userPath(USER_DEACTIVATE_PATH, STAFF), 'POST')).toHaveLength(1);

    await user.click(within(itemOf('Priya Shah')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Priya Shah has been reactivated.'));
    // active again, with the end of access she had
    await waitFor(() => expect(itemOf('Priya Shah')).toHaveTextContent('Status: Access ends Jan 15, 2027'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Priya Shah' })).toHaveFocus());
  });

  it('removes after a confirmation that says payment methods, scheduled payments and Auto Pay stay', async () => {
    const { user } = await renderUsers(usersServer().routes);
    await screen.findByRole('heading', { name: 'Priya Shah' });
    await user.click(within(itemOf('Priya Shah')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Priya Shah?' });
    expect(dialog).toHaveAccessibleDescription(
      /Payment methods, scheduled payments and Auto Pay stay with the account; nothing they set up is deleted/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Priya Shah' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Priya Shah has been removed.');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toHaveFocus());
  });

  it.each([
    ['primary', 'Only the account owner can change the account owner’s access.'],
    ['self', 'You can’t change your own access. Another administrator can.'],
  ])('says why a protected user (%s) was not changed', async (reason, sentence) => {
    const { user } = await renderUsers(
      usersServer({
        override: {
          [`POST ${userPath(USER_DEACTIVATE_PATH, ADMIN)}`]: () => refusal('USER_PROTECTED', 403, { reason }),
        },
      }).routes,
    );
    await screen.findByRole('heading', { name: 'Marcus Chen' });
    await user.click(within(itemOf('Marcus Chen')).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    const alert = await within(itemOf('Marcus Chen')).findByRole('alert');
    expect(alert).toHaveTextContent('The change wasn’t made');
    expect(alert).toHaveTextContent(sentence);
  });

  it('changes a role in a dialog after a step-up; a cancelled step-up leaves the dialog open and says why', async () => {
    const server = usersServer();
    let proveIt = false;
    unregister = setStepUpHandler(async () => {
      if (proveIt) server.state.proven = true;
      return proveIt;
    });
    const { api, user } = await renderUsers(server.routes);
    await screen.findByRole('heading', { name: 'Priya Shah' });
    const open = within(itemOf('Priya Shah')).getByRole('button', { name: 'Change role' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Priya Shah' });
    const roles = within(dialog).getByRole('group', { name: 'Role' });
    expect(within(roles).getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(within(roles).getByRole('radio', { name: 'Billing' })).toHaveAccessibleDescription(
      /Sees bills and pays them/,
    );
    await user.click(within(roles).getByRole('radio', { name: 'Billing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You need to confirm it’s you to do this.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    proveIt = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('The role of Priya Shah has been changed.');
    await waitFor(() => expect(itemOf('Priya Shah')).toHaveTextContent('RoleBilling'));
    const sent = api.requestsTo(userPath(USER_ROLE_PATH, STAFF), 'PUT');
    expect(sent.map((request) => request.body)).toEqual([
      { role: 'BILLING' },
      { role: 'BILLING' },
      { role: 'BILLING' },
    ]);
  });

  it('sets and clears the last day of access, refusing a day out of range', async () => {
    const { api, user } = await renderUsers(usersServer().routes);
    await screen.findByRole('heading', { name: 'Marcus Chen' });
    await user.click(within(itemOf('Marcus Chen')).getByRole('button', { name: 'Change access end date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access end date for Marcus Chen' });
    const field = within(dialog).getByRole('textbox', { name: 'Last day of access' });
    expect(field).toHaveValue('');
    await user.type(field, '01/01/20');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(field).toHaveAccessibleDescription(/Choose a date from .* to /);
    expect(field).toHaveFocus();

    const next = new Date();
    next.setDate(next.getDate() + 30);
    const typed = `${String(next.getMonth() + 1).padStart(2, '0')}/${String(next.getDate()).padStart(2, '0')}/${String(next.getFullYear()).slice(2)}`;
    await user.clear(field);
    await user.type(field, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const day = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    expect(api.requestsTo(userPath(USER_ACCESS_PATH, ADMIN), 'PUT')[0]?.body).toEqual({ accessEndsOn: day });
    await waitFor(() => expect(itemOf('Marcus Chen')).toHaveTextContent('Status: Access ends'));

    await user.click(within(itemOf('Marcus Chen')).getByRole('button', { name: 'Change access end date' }));
    const again = await screen.findByRole('dialog');
    await user.clear(within(again).getByRole('textbox', { name: 'Last day of access' }));
    await user.click(within(again).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(itemOf('Marcus Chen')).toHaveTextContent('Status: Active'));
    expect(api.requestsTo(userPath(USER_ACCESS_PATH, ADMIN), 'PUT')[1]?.body).toEqual({ accessEndsOn: null });
  });

  it('makes an admin the Primary after a confirmation, then reads the signed-in profile again', async () => {
    const { api, user, queryClient } = await renderUsers(usersServer({ proven: true }).routes);
    await screen.findByRole('heading', { name: 'Marcus Chen' });
    // the shell's profile (root-layout reads it): a Primary transfer makes it stale
    const profileKey = [...queryRoots.session, 'profile'];
    queryClient.setQueryData(profileKey, testProfile('PRIMARY'));
    expect(within(itemOf('Priya Shah')).queryByRole('button', { name: 'Make Primary' })).not.toBeInTheDocument();
    await user.click(within(itemOf('Marcus Chen')).getByRole('button', { name: 'Make Primary' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Marcus Chen the account owner?' });
    expect(dialog).toHaveTextContent('You become an Administrator');
    await user.click(within(dialog).getByRole('button', { name: 'Make Primary' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Marcus Chen is now the account owner. You’re an Administrator.',
      ),
    );
    await waitFor(() => expect(itemOf('Marcus Chen')).toHaveTextContent('RoleAccount owner (Primary)'));
    await waitFor(() => expect(itemOf('Hannah Reyes (you)')).toHaveTextContent('RoleAdministrator'));
    expect(api.requestsTo(PRIMARY_TRANSFER_PATH, 'POST')[0]?.body).toEqual({ userId: ADMIN.id });
    expect(queryClient.getQueryState(profileKey)?.isInvalidated).toBe(true);
  });

  it('says when the Primary role cannot go to that user', async () => {
    const { user } = await renderUsers(
      usersServer({ override: { [`POST ${PRIMARY_TRANSFER_PATH}`]: () => apiError('PRIMARY_TRANSFER_INVALID', 422) } })
        .routes,
    );
    await screen.findByRole('heading', { name: 'Marcus Chen' });
    await user.click(within(itemOf('Marcus Chen')).getByRole('button', { name: 'Make Primary' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Primary' }));
    expect(await within(itemOf('Marcus Chen')).findByRole('alert')).toHaveTextContent(
      'The owner role can only go to an active administrator of this account.',
    );
  });
});
