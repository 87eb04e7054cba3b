import { screen, within } from '@testing-library/react';
import { PAYMENT_METHODS_PATH } from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { harborWallet, walletChecking, walletExpired, walletSoon, walletVisa } from '../../../test/wallet';

describe('the wallet page passes axe (WCAG 2.2 AA, structure)', () => {
  it.each(['en', 'es'])('the list, the add and edit forms with errors, and both dialogs (%s)', async (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await renderApp({
      path: '/billing/bill-pay-options',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${PAYMENT_METHODS_PATH}`]: () =>
          jsonResponse(
            harborWallet({
              methods: [walletVisa({ autoPayScopes: ['core'] }), walletExpired(), walletSoon(), walletChecking()],
            }),
          ),
      },
    });
    const visa = (await screen.findByRole('heading', { level: 3, name: 'Visa 4242' })).closest('li') as HTMLElement;
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: t('Add a card', 'Agregar una tarjeta') }));
    await user.click(await screen.findByRole('button', { name: t('Save card', 'Guardar tarjeta') }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Cancel', 'Cancelar') }));

    await user.click(within(visa).getByRole('button', { name: t('Edit', 'Editar') }));
    await user.click(screen.getByRole('button', { name: t('Save changes', 'Guardar cambios') }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Cancel', 'Cancelar') }));

    await user.click(within(visa).getByRole('button', { name: t('Delete', 'Eliminar') }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Close', 'Cerrar') }));

    const checking = screen.getByRole('heading', { level: 3, name: t('Checking 6789', 'Cuenta corriente 6789') });
    await user.click(
      within(checking.closest('li') as HTMLElement).getByRole('button', { name: t('Delete', 'Eliminar') }),
    );
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });
});
