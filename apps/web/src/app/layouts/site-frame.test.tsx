import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import { testProfile } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { customerServiceLines } from './customer-service';

describe('the footer (issue 16)', () => {
  it('links to support, contact, the outage map and the terms, and gives the numbers to call', async () => {
    await renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const footer = within(screen.getByRole('contentinfo'));
    const site = within(footer.getByRole('navigation', { name: 'Site' }));
    expect(site.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(site.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(site.getByRole('link', { name: 'Outage map' })).toHaveAttribute('href', '/outage-map');
    expect(site.getByRole('link', { name: 'Terms and privacy' })).toHaveAttribute('href', '/disclaimers');

    const callUs = within(await footer.findByRole('region', { name: 'Call us' }));
    expect(callUs.getByRole('link', { name: '(800) 555-0123' })).toHaveAttribute('href', 'tel:+18005550123');
    expect(callUs.getByText('Business customer service')).toBeInTheDocument();
    expect(callUs.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142');
    expect(footer.getByText('Version 13.22.0-rc.0 · Environment: dev')).toBeInTheDocument();
  });

  it('gives an enterprise account the enterprise line, and the community variant its own (spec §9)', async () => {
    expect(customerServiceLines('business', false)).toEqual(['business', 'mobile']);
    expect(customerServiceLines('business', true)).toEqual(['enterprise', 'mobile']);
    expect(customerServiceLines('community', false)).toEqual(['community']);

    await renderApp({ path: '/account-summary', profile: testProfile('PRIMARY', { isEnterprise: true }) });
    const callUs = within(await screen.findByRole('region', { name: 'Call us' }));
    expect(callUs.getByRole('link', { name: '(866) 555-0155' })).toHaveAttribute('href', 'tel:+18665550155');
    expect(callUs.queryByRole('link', { name: '(800) 555-0123' })).not.toBeInTheDocument();
  });

  it('speaks Spanish with the page', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/' });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(await footer.findByRole('region', { name: 'Llámenos' })).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Contáctenos' })).toBeInTheDocument();
    expect(footer.getByText('Atención al cliente para negocios')).toBeInTheDocument();
  });
});

describe('the header’s search and help entries (issue 16)', () => {
  it('opens /search-results with the words typed, and Help opens /support', async () => {
    const { user, router } = await renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/support');

    const box = header.getByRole('searchbox', { name: 'Search the portal and help articles' });
    // the HTML <search> landmark (jsdom's roles do not know it yet; the browsers' do)
    expect(box.closest('search')).toHaveAttribute('aria-label', 'Search the portal and help articles');
    await user.type(box, '  auto pay  ');
    await user.click(header.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search-results'));
    expect(router.state.location.search).toEqual({ q: 'auto pay' });
  });
});
