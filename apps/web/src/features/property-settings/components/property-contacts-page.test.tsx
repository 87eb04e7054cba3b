import { screen, waitFor, within } from '@testing-library/react';
import type { PropertyContactRequest } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { renderApp } from '../../../test/render-app';
import { settingsApi } from '../testing/property-settings-fixtures';

// issue 22 item 5, wider-portal.md §10: a property's contacts
describe('property contacts (/manage-property-contacts)', () => {
  it('lists the contacts with their role, phone, e-mail and language; passes axe', async () => {
    const api = settingsApi();
    await renderApp({ path: '/manage-property-contacts', ...api.options });
    const table = await screen.findByRole('table', { name: 'Contacts of Lakeside North' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    for (const [index, name] of ['Marcus Bell', 'Rosa Delgado', 'Tamsin Holloway'].entries()) {
      expect(within(rows[index] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(name);
    }
    expect(within(rows[2] as HTMLElement).getByText('None')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Maintenance')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('adds a contact, and shows the server’s refusal of a phone on its field', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-property-contacts', ...api.options });
    await user.click(await screen.findByRole('button', { name: 'Add a contact' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lena Fischer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'emergency');
    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '555 0100 99');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'lena@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of notices' }), 'es');
    api.state.refuse = { path: 'body.phone', code: 'propertySettings.contact.error.phoneInvalid' };
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    const phone = screen.getByRole('textbox', { name: 'Mobile phone' });
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/Enter a phone number we can text, like \(704\) 555-0100\./),
    );
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, '(704) 555-0190');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('Lena Fischer saved.')).toBeInTheDocument();
    expect(api.state.sent.at(-1) as PropertyContactRequest).toEqual({
      name: 'Lena Fischer',
      role: 'emergency',
      phone: '(704) 555-0190',
      email: 'lena@example.com',
      language: 'es',
    });
    expect(await screen.findByRole('cell', { name: /Lena Fischer/ })).toBeInTheDocument();
  });

  it('checks the name and e-mail before sending', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-property-contacts', ...api.options });
    await user.click(await screen.findByRole('button', { name: 'Add a contact' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'lena@');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Enter a name of up to 80 characters.',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com.',
    );
    expect(api.state.sent).toEqual([]);
  });

  it('removes a contact after a confirmation, by keyboard alone', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-property-contacts', ...api.options });
    const remove = await screen.findByRole('button', { name: 'Remove Tamsin Holloway' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this contact?' });
    expect(dialog).toHaveTextContent('Tamsin Holloway will no longer get any notice about Lakeside North.');
    // focus starts on the choice that changes nothing; Tab (focus stays in the dialog, round to the first) to the
    // removal, Enter
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Tamsin Holloway removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: /Tamsin Holloway/ })).not.toBeInTheDocument());
    expect(api.state.contacts.map((c) => c.name)).toEqual(['Marcus Bell', 'Rosa Delgado']);
  });

  it('renders in Spanish and passes axe', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const api = settingsApi();
    await renderApp({ path: '/manage-property-contacts', ...api.options });
    const table = await screen.findByRole('table', { name: 'Contactos de Lakeside North' });
    expect(within(table).getByText('Administrador de la propiedad')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir un contacto' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('has no changes for a user who may only view', async () => {
    const api = settingsApi({ role: 'STANDARD' });
    await renderApp({ path: '/manage-property-contacts', ...api.options });
    await screen.findByRole('table', { name: 'Contacts of Lakeside North' });
    expect(screen.queryByRole('button', { name: 'Add a contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});
