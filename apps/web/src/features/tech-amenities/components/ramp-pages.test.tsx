import { screen, within } from '@testing-library/react';
import { TECH_AMENITIES_RAMP_LEDGER_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  ALL_LEDGER,
  COMMONS,
  COMMONS_LEDGER,
  lakesideApi,
  ledgerPath,
  NORTH,
} from '../testing/tech-amenities-fixtures';

const PROPERTY_PATH = '/manage/unit-ramp-billing';
const ALL_PATH = '/manage/all-properties/unit-ramp-billing';

// issue 22 item 6, wider-portal.md §10: the ramp ledger
describe('a property’s ramp ledger (/manage/unit-ramp-billing)', () => {
  it('shows Commons’ 30 billed against 26 activated, the 4 units billed but not active, the months; passes axe', async () => {
    await renderApp({ path: `${PROPERTY_PATH}?propertyId=${COMMONS.id}`, ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Unit Ramp Billing' });
    const summary = await screen.findByRole('region', { name: 'Lakeside Commons' });
    const fact = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(fact('Ramp (units to bill)')).toHaveTextContent('30');
    expect(fact('Units contracted')).toHaveTextContent('48');
    expect(fact('Units billed')).toHaveTextContent('30');
    expect(fact('Units activated')).toHaveTextContent('26');
    expect(fact('Bill')).toHaveTextContent('$1,500.00');
    expect(within(summary).getByText('November 2026')).toBeInTheDocument();

    const flags = screen.getByRole('region', { name: 'Units to check' });
    const billedNotActive = within(flags).getByRole('list', { name: 'Billed but not active (4)' });
    expect(
      within(billedNotActive)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Unit 127 Occupied, not yet activated',
      'Unit 128 Occupied, not yet activated',
      'Unit 129 Occupied, not yet activated',
      'Unit 130 Occupied, not yet activated',
    ]);
    expect(within(flags).getByText('Every active unit is billed.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Lakeside Commons, month by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const current = within(table).getByRole('row', { name: /^November 2026 This month/ });
    expect(current).toHaveTextContent('$1,500.00');
    const projected = within(table).getByRole('row', { name: /^December 2026 Projected/ });
    expect(projected).toHaveTextContent('$1,700.00');
    // a past month's units activated are not known, and said so
    const october = within(table).getByRole('row', { name: /^October 2026/ });
    expect(within(october).getByText('Not available')).toBeInTheDocument();
    expect(within(october).getByText('(differs from the ramp)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'By property' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
  });

  it('opens the agreement’s first property without one in the address, and changes property from the keyboard', async () => {
    const { user, router, fetchMock } = await renderApp({ path: PROPERTY_PATH, ...lakesideApi() });
    await screen.findByRole('region', { name: 'Lakeside Commons' });
    const picker = screen.getByRole('combobox', { name: 'Property' });
    expect(picker).toHaveValue(COMMONS.id);
    picker.focus();
    await user.selectOptions(picker, 'Lakeside North');
    const north = await screen.findByRole('region', { name: 'Lakeside North' });
    expect(router.state.location.search).toEqual({ propertyId: NORTH.id });
    expect(within(north).getByText('Units activated').nextElementSibling).toHaveTextContent('47');
    const flags = screen.getByRole('region', { name: 'Units to check' });
    expect(within(flags).getByRole('list', { name: 'Billed but not active (1)' })).toHaveTextContent(
      'Unit 123 Occupied, access suspended',
    );
    expect(within(flags).getByRole('list', { name: 'Active but not billed (1)' })).toHaveTextContent(
      'Unit 140 Vacant, active',
    );
    expect(fetchMock.requestsTo(ledgerPath(NORTH.id))).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('says when the billing engine did not answer, and still shows the ramp and the units activated', async () => {
    const months = COMMONS_LEDGER.months.map((m) => ({ ...m, billedUnits: null, amountCents: null }));
    const down = { ...COMMONS_LEDGER, billing: 'unavailable', months, flags: null };
    await renderApp({
      path: `${PROPERTY_PATH}?propertyId=${COMMONS.id}`,
      ...lakesideApi({ [`GET ${ledgerPath(COMMONS.id)}`]: jsonResponse(down) }),
    });
    await screen.findByText('Billing figures aren’t available');
    const summary = screen.getByRole('region', { name: 'Lakeside Commons' });
    expect(within(summary).getByText('Units activated').nextElementSibling).toHaveTextContent('26');
    expect(within(summary).getByText('Units billed').nextElementSibling).toHaveTextContent('Not available');
    expect(screen.queryByRole('region', { name: 'Units to check' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('answers another account’s property (404) with a retry, not an empty ledger', async () => {
    await renderApp({
      path: `${PROPERTY_PATH}?propertyId=c0ffee00-0000-4000-8000-000000000099`,
      ...lakesideApi(),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t load your agreement’s figures')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders in Spanish: months, money and words', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: `${PROPERTY_PATH}?propertyId=${COMMONS.id}`, ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Facturación escalonada por unidad' });
    const summary = await screen.findByRole('region', { name: 'Lakeside Commons' });
    expect(within(summary).getByText('noviembre de 2026')).toBeInTheDocument();
    expect(within(summary).getByText('Unidades activadas').nextElementSibling).toHaveTextContent('26');
    expect(screen.getByRole('list', { name: 'Facturadas pero no activas (4)' })).toHaveTextContent(
      'Unidad 127 Ocupada: aún sin activar',
    );
    expect(screen.getByRole('table', { name: 'Lakeside Commons, mes a mes' })).toHaveTextContent('$1,700.00');
    await expectNoAxeViolations();
  });
});

describe('the ramp ledger of all properties (/manage/all-properties/unit-ramp-billing)', () => {
  it('shows each property this month with its flags, links to its ledger, and the months together; passes axe', async () => {
    const { user, router } = await renderApp({ path: ALL_PATH, ...lakesideApi() });
    const table = await screen.findByRole('table', { name: 'Each property in November 2026' });
    const commons = within(table).getByRole('row', { name: /^Lakeside Commons/ });
    expect(commons).toHaveTextContent('30 of 48');
    expect(commons).toHaveTextContent('$1,500.00');
    expect(within(commons).getByText('4')).toHaveClass('text-danger-700');
    const months = screen.getByRole('table', { name: 'All properties, month by month' });
    expect(within(months).getByRole('row', { name: /^November 2026 This month/ })).toHaveTextContent('$3,900.00');
    expect(screen.getByRole('link', { name: 'All properties' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
    const link = within(commons).getByRole('link', { name: 'Lakeside Commons' });
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Lakeside Commons' });
    expect(router.state.location.pathname).toBe(PROPERTY_PATH);
    expect(router.state.location.search).toEqual({ propertyId: COMMONS.id });
  });

  it('offers a retry when the ledger does not load', async () => {
    await renderApp({
      path: ALL_PATH,
      ...lakesideApi({ [`GET ${TECH_AMENITIES_RAMP_LEDGER_PATH}`]: apiError('INTERNAL', 500) }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when there is no agreement', async () => {
    await renderApp({
      path: ALL_PATH,
      ...lakesideApi({
        [`GET ${TECH_AMENITIES_RAMP_LEDGER_PATH}`]: jsonResponse({ ...ALL_LEDGER, properties: [], months: [] }),
      }),
    });
    await screen.findByRole('heading', { name: 'No bulk agreement on record' });
  });

  it('is not for a business account: the account summary says why, and nothing is asked for', async () => {
    const { router, fetchMock } = await renderApp({ path: ALL_PATH, profile: testProfile('PRIMARY') });
    await screen.findByText(/bulk \(community\) agreement/);
    expect(router.state.location.pathname).toBe('/account-summary');
    expect(fetchMock.requestsTo(TECH_AMENITIES_RAMP_LEDGER_PATH)).toHaveLength(0);
  });

  it('is the maintenance page while the tech amenities flag is off (spec §2.1)', async () => {
    const { router } = await renderApp({ path: ALL_PATH, ...lakesideApi(), flags: { techAmenitiesMfe: false } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });
});
