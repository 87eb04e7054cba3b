import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { PageAlertBanner } from './page-alert-banner';

describe('PageAlertBanner', () => {
  it('shows the alert it is given in a labelled region, with its link', async () => {
    await renderWithProviders(
      <PageAlertBanner
        alert={{
          id: 'out-1',
          severity: 'warning',
          body: 'Internet service is interrupted in your area.',
          link: { href: '/outage-map', label: 'See the outage map' },
        }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Warning' });
    expect(region).toHaveTextContent('Internet service is interrupted in your area.');
    expect(screen.getByRole('link', { name: 'See the outage map' })).toHaveAttribute('href', '/outage-map');
  });
});
