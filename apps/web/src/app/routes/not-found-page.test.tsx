import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('not-found handling', () => {
  it('shows the 404 page for an unknown path, with a link home', async () => {
    const { user, router } = await renderApp({ path: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your business account, all in one place' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // spec §2.1 + a11y: after navigating, focus is on the new page's content.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('serves /404 itself, in Spanish too', async () => {
    window.localStorage.setItem('vireo.locale', 'es');
    await renderApp({ path: '/404' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toBeInTheDocument();
  });

  it('goes to /404 when a route module fails to load', async () => {
    vi.doMock('./maintenance.lazy', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { router } = await renderApp({ path: '/maintenance' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(consoleError).toHaveBeenCalledWith('Navigation failed', expect.any(Error));
    } finally {
      vi.doUnmock('./maintenance.lazy');
      consoleError.mockRestore();
      consoleWarn.mockRestore();
    }
  });

  it('renders the maintenance page', async () => {
    await renderApp({ path: '/maintenance' });
    expect(await screen.findByRole('heading', { level: 1, name: 'We’ll be back soon' })).toBeInTheDocument();
  });
});
