import { screen, within } from '@testing-library/react';
import { TECH_AMENITIES_RAMP_LEDGER_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { ALL_LEDGER, COMMONS, lakesideApi } from '../testing/tech-amenities-fixtures';

// issue 22 item 6, wider-portal.md §10: the tech amenities' overview
describe('the tech amenities overview (/manage, /tech-amenities-stub)', () => {
  it('shows each property this month with its flags highlighted and a link to its ledger; passes axe', async () => {
    const { user, router } = await renderApp({ path: '/manage', ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Manage Properties' });
    await screen.findByRole('heading', { level: 2, name: 'This month: November 2026' });
    const commons = screen.getByRole('article', { name: 'Lakeside Commons' });
    const fact = (label: string) => within(commons).getByText(label).nextElementSibling;
    expect(fact('Ramp (units to bill)')).toHaveTextContent('30');
    expect(fact('Units billed')).toHaveTextContent('30');
    expect(fact('Units activated')).toHaveTextContent('26');
    expect(fact('Bill')).toHaveTextContent('$1,500.00');
    expect(fact('Billed but not active')).toHaveTextContent('4');
    expect(fact('Billed but not active')).toHaveClass('text-danger-700');
    expect(fact('Active but not billed')).not.toHaveClass('text-danger-700');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
    const link = within(commons).getByRole('link', { name: 'View the ramp ledger of Lakeside Commons' });
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Lakeside Commons' });
    expect(router.state.location.pathname).toBe('/manage/unit-ramp-billing');
    expect(router.state.location.search).toEqual({ propertyId: COMMONS.id });
  });

  it('is /tech-amenities-stub too, with its own title, and says when billing figures are missing', async () => {
    const down = {
      ...ALL_LEDGER,
      billing: 'unavailable',
      properties: ALL_LEDGER.properties.map((p) => ({
        ...p,
        billedUnits: null,
        amountCents: null,
        billedNotActive: null,
        activeNotBilled: null,
      })),
    };
    await renderApp({
      path: '/tech-amenities-stub',
      ...lakesideApi({ [`GET ${TECH_AMENITIES_RAMP_LEDGER_PATH}`]: jsonResponse(down) }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Tech Amenities' });
    await screen.findByText('Billing figures aren’t available');
    const commons = screen.getByRole('article', { name: 'Lakeside Commons' });
    expect(within(commons).getByText('Units activated').nextElementSibling).toHaveTextContent('26');
    expect(within(commons).getByText('Units billed').nextElementSibling).toHaveTextContent('Not available');
    await expectNoAxeViolations();
  });

  it('renders in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/manage', ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Administrar propiedades' });
    await screen.findByRole('heading', { level: 2, name: 'Este mes: noviembre de 2026' });
    const commons = screen.getByRole('article', { name: 'Lakeside Commons' });
    expect(within(commons).getByText('Facturadas pero no activas').nextElementSibling).toHaveTextContent('4');
    expect(
      within(commons).getByRole('link', { name: 'Ver el registro de la rampa de Lakeside Commons' }),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
