import { screen, within } from '@testing-library/react';
import { COMMUNITY_PROPERTIES_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { lakesideApi, SOUTH } from '../testing/community-fixtures';

// issue 22 item 2, wider-portal.md §10: the portfolio
describe('the community portfolio (/community)', () => {
  it('shows one card per property with its occupancy, services, visits and outages, and passes axe', async () => {
    await renderApp({ path: '/community', ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Your Community' });
    const south = await screen.findByRole('article', { name: 'Lakeside South' });
    expect(within(south).getByText('200 Lakeside Drive, Madison, WI 53703')).toBeInTheDocument();
    expect(within(south).getByText('80% (48 of 60 occupied)')).toBeInTheDocument();
    expect(within(south).getByText('Internet and TV')).toBeInTheDocument();
    // outages under way are highlighted
    expect(within(south).getByText('Outages').nextElementSibling).toHaveClass('text-danger-700');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(within(south).getByRole('link', { name: 'View units at Lakeside South' })).toHaveAttribute(
      'href',
      `/community/properties/${SOUTH.id}`,
    );
    await expectNoAxeViolations();
  });

  it('renders in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/community', ...lakesideApi() });
    await screen.findByRole('heading', { level: 1, name: 'Su comunidad' });
    const south = await screen.findByRole('article', { name: 'Lakeside South' });
    expect(within(south).getByText(/48 de 60 ocupadas/)).toBeInTheDocument();
    expect(within(south).getByText('Servicio de Internet y Televisión')).toBeInTheDocument();
    expect(within(south).getByRole('link', { name: 'Ver unidades de Lakeside South' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says when there are no properties', async () => {
    await renderApp({
      path: '/community',
      ...lakesideApi({ [`GET ${COMMUNITY_PROPERTIES_PATH}`]: jsonResponse({ properties: [], canManage: true }) }),
    });
    await screen.findByRole('heading', { name: 'No properties yet' });
  });

  it('offers a retry when the load fails', async () => {
    await renderApp({
      path: '/community',
      ...lakesideApi({ [`GET ${COMMUNITY_PROPERTIES_PATH}`]: apiError('INTERNAL', 500) }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t load your properties')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not for a user without community.view: a business account lands on the account summary, told why', async () => {
    const { router, fetchMock } = await renderApp({ path: '/community', profile: testProfile('PRIMARY') });
    await screen.findByText(/bulk \(community\) agreement/);
    expect(router.state.location.pathname).toBe('/account-summary');
    expect(fetchMock.requestsTo(COMMUNITY_PROPERTIES_PATH)).toHaveLength(0);
  });
});
