import { screen, within } from '@testing-library/react';
import { type Locale, PAY_LINKS_PATH } from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { jsonResponse } from '../../../test/fake-api';
import { ACTIVE, EXPIRED, page, REVOKED, renderPayLinks, USED } from '../testing/pay-links-fixtures';

const URL_ONCE = 'https://portal.vireo.example/wg/pay-bill?link=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('the pay links page passes axe (WCAG 2.2 AA, structure)', () => {
  it.each<Locale>(['en', 'es'])('the list, the form with errors, the new link and the dialog (%s)', async (locale) => {
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await renderPayLinks(
      {
        [`GET ${PAY_LINKS_PATH}`]: jsonResponse(page([ACTIVE, USED, EXPIRED, REVOKED], 'older-1')),
        [`POST ${PAY_LINKS_PATH}`]: () => jsonResponse({ payLink: ACTIVE, url: URL_ONCE }, 201),
      },
      locale,
    );
    await screen.findByRole('heading', { level: 3, name: t('Up to $150.00', 'Hasta $150.00') });
    await expectNoAxeViolations();

    // every field in error
    const cap = screen.getByRole('textbox', { name: t('Amount cap', 'Monto máximo') });
    const uses = screen.getByRole('textbox', { name: t('Number of payments', 'Número de pagos') });
    await user.clear(uses);
    await user.type(uses, '0');
    await user.type(screen.getByRole('textbox', { name: t('Note (optional)', 'Nota (opcional)') }), '4111111111111111');
    await user.click(screen.getByRole('button', { name: t('Create link', 'Crear enlace') }));
    await screen.findByRole('alert');
    await expectNoAxeViolations();

    await user.type(cap, '150');
    await user.clear(uses);
    await user.type(uses, '3');
    await user.clear(screen.getByRole('textbox', { name: t('Note (optional)', 'Nota (opcional)') }));
    await user.click(screen.getByRole('button', { name: t('Create link', 'Crear enlace') }));
    await screen.findByRole('textbox', { name: t('Pay link', 'Enlace de pago') });
    await user.click(screen.getByRole('button', { name: t('Copy link', 'Copiar enlace') }));
    await screen.findByText(t('Copied: the link is on your clipboard.', 'Copiado: el enlace está en su portapapeles.'));
    await expectNoAxeViolations();

    const active = screen.getByRole('heading', { level: 3, name: t('Up to $150.00', 'Hasta $150.00') });
    await user.click(within(active.closest('li') as HTMLElement).getByRole('button', { name: t('Revoke', 'Revocar') }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });

  it('the empty list (en)', async () => {
    await renderPayLinks({ [`GET ${PAY_LINKS_PATH}`]: jsonResponse(page([])) });
    await screen.findByRole('heading', { name: 'No pay links yet' });
    await expectNoAxeViolations();
  });
});
