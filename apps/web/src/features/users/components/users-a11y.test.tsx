import { screen, waitFor, within } from '@testing-library/react';
import type { Locale } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { renderUsers, usersServer } from '../testing/users-fixtures';

describe('the users page passes axe (WCAG 2.2 AA, structure)', () => {
  it.each<Locale>(['en', 'es'])('the lists, the invite form with errors and the dialogs (%s)', async (locale) => {
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await renderUsers(usersServer().routes, { locale });
    await screen.findByRole('heading', { level: 3, name: 'Marcus Chen' });
    await screen.findByRole('heading', { level: 3, name: 'Li Wong' });
    await expectNoAxeViolations();

    // the invite form, every field in error
    await user.click(screen.getByRole('button', { name: t('Invite a user', 'Invitar a un usuario') }));
    await user.click(await screen.findByRole('button', { name: t('Send invitation', 'Enviar invitación') }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: t('E-mail', 'Correo electrónico') })).toHaveFocus());
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Cancel', 'Cancelar') }));

    // Change role (a form in a dialog)
    const admin = screen.getByRole('heading', { level: 3, name: 'Marcus Chen' }).closest('li') as HTMLElement;
    await user.click(within(admin).getByRole('button', { name: t('Change role', 'Cambiar función') }));
    await screen.findByRole('dialog');
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // a confirmation
    await user.click(within(admin).getByRole('button', { name: t('Remove', 'Eliminar') }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });

  it('the empty lists (en)', async () => {
    await renderUsers(usersServer({ users: [], invitations: [] }).routes);
    await screen.findByText('No users yet.');
    await screen.findByText('No invitations waiting.');
    await expectNoAxeViolations();
  });
});
