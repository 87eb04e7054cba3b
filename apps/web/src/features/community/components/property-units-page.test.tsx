import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { renderApp } from '../../../test/render-app';
import { lakesideApi, SOUTH, southUnitsPath } from '../testing/community-fixtures';

const PATH = `/community/properties/${SOUTH.id}`;

// issue 22 item 3, wider-portal.md §10: a property's units
describe('a property’s units (/community/properties/$propertyId)', () => {
  it('lists the units (virtualised) with their access and lease dates, shows more by keyboard, and passes axe', async () => {
    const { user, fetchMock } = await renderApp({ path: PATH, ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Lakeside South' });
    const table = await screen.findByRole('table', { name: 'Units at Lakeside South' });
    // virtualised: the table counts its 50 rows and the header, and holds those in the window (768 px) and 8 beyond
    expect(table).toHaveAttribute('aria-rowcount', '51');
    const rendered = within(table).getAllByRole('row').slice(1);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered.map((row) => row.getAttribute('aria-rowindex'))).toEqual(
      rendered.map((_, index) => String(index + 2)),
    );
    const first = within(table).getByRole('row', { name: /^Unit 101 / });
    expect(within(first).getByText('Resident 101')).toBeInTheDocument();
    expect(within(first).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Feb 28, 2027')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /^Unit 105 / })).getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All properties/ })).toHaveAttribute('href', '/community');
    await expectNoAxeViolations();

    const more = screen.getByRole('button', { name: 'Show more units' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('60 units shown');
    expect(table).toHaveAttribute('aria-rowcount', '61');
    expect(within(table).queryByRole('row', { name: /^Unit 160 / })).not.toBeInTheDocument();
    // scrolled to the end, the last rows are rendered and the first are not
    act(() => {
      window.scrollTo(0, 60 * 53);
      window.dispatchEvent(new Event('scroll'));
    });
    const last = await within(table).findByRole('row', { name: /^Unit 160 / });
    expect(last).toHaveAttribute('aria-rowindex', '61');
    expect(within(table).queryByRole('row', { name: /^Unit 101 / })).not.toBeInTheDocument();
    act(() => {
      window.scrollTo(0, 0);
      window.dispatchEvent(new Event('scroll'));
    });
    await within(table).findByRole('row', { name: /^Unit 101 / });
    expect(screen.queryByRole('button', { name: 'Show more units' })).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(southUnitsPath).at(-1)?.search).toBe('?cursor=50');
    await expectNoAxeViolations();
  });

  it('filters by occupancy and access from the keyboard, asking the server again', async () => {
    const { user, fetchMock } = await renderApp({ path: PATH, ...lakesideApi() });
    await screen.findByRole('table');
    const occupancy = screen.getByRole('combobox', { name: 'Occupancy' });
    occupancy.focus();
    await user.selectOptions(occupancy, 'Vacant');
    await screen.findByText('12 units shown');
    expect(fetchMock.requestsTo(southUnitsPath).at(-1)?.search).toBe('?occupancy=vacant');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service access' }), 'Suspended');
    await screen.findByRole('heading', { name: 'No units to show' });
    expect(fetchMock.requestsTo(southUnitsPath).at(-1)?.search).toBe('?occupancy=vacant&access=suspended');
    await expectNoAxeViolations();
  });

  it('renders in Spanish with the dates in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: PATH, ...lakesideApi() });
    const table = await screen.findByRole('table', { name: 'Unidades de Lakeside South' });
    const first = within(table).getByRole('row', { name: /^Unidad 101 / });
    expect(within(first).getByText('Ocupada')).toBeInTheDocument();
    expect(within(first).getByText('Activo')).toBeInTheDocument();
    expect(within(first).getByText(/mar(zo)? 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar más unidades' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('keeps the rows already shown when more arrive (memoised rows)', async () => {
    const { user } = await renderApp({ path: PATH, ...lakesideApi() });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /^Unit 101 / });
    await user.click(screen.getByRole('button', { name: 'Show more units' }));
    await screen.findByText('60 units shown');
    expect(within(table).getByRole('row', { name: /^Unit 101 / })).toBe(row);
  });
});
