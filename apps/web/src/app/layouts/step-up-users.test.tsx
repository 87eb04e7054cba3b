import { screen, waitFor, within } from '@testing-library/react';
import { PAY_LINKS_PATH, PRIMARY_TRANSFER_PATH, STEP_UP_PATH, USER_ROLE_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { PayLinksPage } from '../../features/pay-links/components/pay-links-page';
import { ACTIVE, page } from '../../features/pay-links/testing/pay-links-fixtures';
import { StepUpHost } from '../../features/session/components/step-up-host';
import { ADMIN, renderUsers, STAFF, userPath, usersServer } from '../../features/users/testing/users-fixtures';
import { apiError, jsonResponse, stubApi, testProfile } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// The shell's step-up host (root-layout.tsx) and the users page together, as the app mounts them: a role change of a
// session not proven lately (wider-portal.md §3) asks for the password, then goes through without a second press.
describe('a role change through the step-up', () => {
  it('STEP_UP_REQUIRED opens Confirm it’s you over the role dialog; after the password the change is sent again', async () => {
    const { api, user } = await renderUsers(usersServer().routes, { around: <StepUpHost /> });
    await screen.findByRole('heading', { level: 3, name: 'Priya Shah' });
    const staff = screen.getByRole('heading', { level: 3, name: 'Priya Shah' }).closest('li') as HTMLElement;
    await user.click(within(staff).getByRole('button', { name: 'Change role' }));
    const roleDialog = await screen.findByRole('dialog', { name: 'Change the role of Priya Shah' });
    await user.click(within(roleDialog).getByRole('radio', { name: 'Billing' }));
    await user.click(within(roleDialog).getByRole('button', { name: 'Save role' }));

    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(stepUp).toHaveTextContent('Username: harbor-owner');
    const password = within(stepUp).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'wrong');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That password isn’t right. Check it and try again.'),
    );
    await user.type(password, 'correct horse');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('The role of Priya Shah has been changed.');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 3, name: 'Priya Shah' }).closest('li')).toHaveTextContent(
        'RoleBilling',
      ),
    );
    expect(api.requestsTo(userPath(USER_ROLE_PATH, STAFF), 'PUT')).toHaveLength(2);
    expect(api.requestsTo(STEP_UP_PATH, 'POST')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Priya Shah' })).toHaveFocus());
  });

  it('a cancelled step-up leaves the role dialog open, saying the change needs the person to confirm it is them', async () => {
    const { api, user } = await renderUsers(usersServer().routes, { around: <StepUpHost /> });
    await screen.findByRole('heading', { level: 3, name: 'Priya Shah' });
    const staff = screen.getByRole('heading', { level: 3, name: 'Priya Shah' }).closest('li') as HTMLElement;
    await user.click(within(staff).getByRole('button', { name: 'Change role' }));
    const roleDialog = await screen.findByRole('dialog', { name: 'Change the role of Priya Shah' });
    await user.click(within(roleDialog).getByRole('radio', { name: 'Administrator' }));
    await user.click(within(roleDialog).getByRole('button', { name: 'Save role' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument());
    const alert = await within(screen.getByRole('dialog', { name: 'Change the role of Priya Shah' })).findByRole(
      'alert',
    );
    expect(alert).toHaveTextContent('You need to confirm it’s you to do this.');
    expect(api.requestsTo(userPath(USER_ROLE_PATH, STAFF), 'PUT')).toHaveLength(1);
  });
});

describe('a Primary transfer through the step-up', () => {
  it('the confirmation, then Confirm it’s you over it, then the transfer', async () => {
    const { api, user } = await renderUsers(usersServer().routes, { around: <StepUpHost /> });
    const admin = (await screen.findByRole('heading', { level: 3, name: 'Marcus Chen' })).closest('li') as HTMLElement;
    await user.click(within(admin).getByRole('button', { name: 'Make Primary' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Make Marcus Chen the account owner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make Primary' }));

    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = within(stepUp).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.keyboard('correct horse{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Marcus Chen is now the account owner. You’re an Administrator.',
      ),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(PRIMARY_TRANSFER_PATH, 'POST').map((request) => request.body)).toEqual([
      { userId: ADMIN.id },
      { userId: ADMIN.id },
    ]);
  });
});

// Pay-link creation is stepped up by the server too (wider-portal.md §3); its form does nothing of its own about it.
describe('a pay link through the step-up', () => {
  async function renderPayLinks(stepUp: () => Response) {
    let proven = false;
    const api = stubApi({
      profile: testProfile('BILLING', { username: 'harbor-billing' }),
      routes: {
        [`GET ${PAY_LINKS_PATH}`]: () => jsonResponse(page([])),
        [`POST ${PAY_LINKS_PATH}`]: () =>
          proven
            ? jsonResponse({ payLink: ACTIVE, url: 'https://portal.vireo.example/wg/pay-bill?link=abc' }, 201)
            : apiError('STEP_UP_REQUIRED', 403),
        [`POST ${STEP_UP_PATH}`]: () => {
          const response = stepUp();
          proven = response.ok;
          return response;
        },
      },
    });
    const rendered = await renderWithProviders(
      <>
        <StepUpHost />
        <PayLinksPage />
      </>,
    );
    await rendered.user.type(await screen.findByRole('textbox', { name: 'Amount cap' }), '150');
    await rendered.user.click(screen.getByRole('button', { name: 'Create link' }));
    return { api, user: rendered.user };
  }

  it('creates the link once the password is confirmed', async () => {
    const { api, user } = await renderPayLinks(() => jsonResponse({ validUntil: '2026-11-21T20:10:00.000Z' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(stepUp).getByLabelText('Password'), 'correct horse');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('textbox', { name: 'Pay link' })).toHaveValue(
      'https://portal.vireo.example/wg/pay-bill?link=abc',
    );
    expect(api.requestsTo(PAY_LINKS_PATH, 'POST')).toHaveLength(2);
  });

  it('says the person must confirm it is them after a cancel', async () => {
    const { api, user } = await renderPayLinks(() => apiError('INTERNAL', 500));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You need to confirm it’s you to do this.');
    expect(api.requestsTo(PAY_LINKS_PATH, 'POST')).toHaveLength(1);
  });
});
