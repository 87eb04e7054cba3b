import { screen, within } from '@testing-library/react';
import { TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH, TECH_AMENITIES_AGREEMENT_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { fileSaver } from '../../../lib/browser-files';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { lakesideApi } from '../testing/tech-amenities-fixtures';

const PATH = '/property-contract-details';

// issue 22 item 6, wider-portal.md §10: contract details
describe('the contract details (/property-contract-details)', () => {
  it('shows the term, renewal, units, services and rates per property, and passes axe', async () => {
    await renderApp({ path: PATH, ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Property Contract Details' });
    const terms = await screen.findByRole('region', { name: 'Agreement BSA-2025-0473' });
    const fact = (label: string) => within(terms).getByText(label).nextElementSibling;
    expect(fact('Term')).toHaveTextContent('Sep 1, 2025 to Aug 31, 2030 (60 months)');
    expect(fact('Where it stands')).toHaveTextContent('Month 15 of 60');
    expect(fact('Renewal')).toHaveTextContent('Renews automatically on Sep 1, 2030 for 12 months');
    expect(fact('Notice of non-renewal')).toHaveTextContent('90 days before the renewal date, by Jun 3, 2030');
    expect(fact('Units contracted')).toHaveTextContent('96');
    expect(fact('This month, on the ramp')).toHaveTextContent('$3,900.00');
    expect(fact('A month, fully billed')).toHaveTextContent('$4,800.00');
    const table = screen.getByRole('table', { name: 'Properties, units and rates' });
    const commons = within(table).getByRole('row', { name: /^Lakeside Commons/ });
    expect(commons).toHaveTextContent('75 Shoreline Dr, Charlotte, NC 28202');
    expect(within(commons).getByText('Internet: $30.00 per unit')).toBeInTheDocument();
    expect(within(commons).getByText('TV: $20.00 per unit')).toBeInTheDocument();
    expect(commons).toHaveTextContent('30 of 48 units billed');
    expect(commons).toHaveTextContent('Fully billed from April 2027');
    expect(commons).toHaveTextContent('$2,400.00');
    expect(screen.getByRole('link', { name: 'Contract details' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
  });

  it('downloads the agreement PDF in the page’s language, from the keyboard', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user, fetchMock } = await renderApp({ path: PATH, ...lakesideApi() });
    const link = await screen.findByRole('link', { name: 'Download the agreement (PDF)' });
    link.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), 'bulk-agreement-BSA-2025-0473.pdf'));
    expect(fetchMock.requestsTo(TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH)[0]?.search).toBe('?lang=en');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the PDF does not download', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user } = await renderApp({
      path: PATH,
      ...lakesideApi({ [`GET ${TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH}`]: apiError('INTERNAL', 500) }),
    });
    await user.click(await screen.findByRole('link', { name: 'Download the agreement (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t download the agreement.');
    expect(save).not.toHaveBeenCalled();
  });

  it('renders in Spanish and asks for the Spanish PDF', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user, fetchMock } = await renderApp({ path: PATH, ...lakesideApi() });
    const terms = await screen.findByRole('region', { name: 'Contrato BSA-2025-0473' });
    expect(within(terms).getByText('Plazo').nextElementSibling).toHaveTextContent(
      /Del 1 sept\.? 2025 al 31 ago\.? 2030/,
    );
    expect(screen.getByRole('table', { name: 'Propiedades, unidades y tarifas' })).toHaveTextContent(
      'Todas facturadas desde abril de 2027',
    );
    await user.click(screen.getByRole('link', { name: 'Descargar el contrato (PDF)' }));
    await vi.waitFor(() => expect(fetchMock.requestsTo(TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH)).toHaveLength(1));
    expect(fetchMock.requestsTo(TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH)[0]?.search).toBe('?lang=es');
    await expectNoAxeViolations();
  });

  it('says when the account has no agreement on record', async () => {
    await renderApp({
      path: PATH,
      ...lakesideApi({ [`GET ${TECH_AMENITIES_AGREEMENT_PATH}`]: jsonResponse({ agreement: null }) }),
    });
    await screen.findByRole('heading', { name: 'No bulk agreement on record' });
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('goes to the root while the property-home flag is off (spec §2.1)', async () => {
    const { router, fetchMock } = await renderApp({
      path: PATH,
      ...lakesideApi(),
      flags: { techAmenitiesPropertyHome: false },
    });
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe(PATH));
    expect(fetchMock.requestsTo(TECH_AMENITIES_AGREEMENT_PATH)).toHaveLength(0);
  });
});
