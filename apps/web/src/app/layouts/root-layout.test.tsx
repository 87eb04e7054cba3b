import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_PORTAL_CONFIG } from '../../test/render-app';
import { MAIN_CONTENT_ID } from './main-content';

describe('root layout', () => {
  it('makes the skip link the first Tab stop and moves focus to main', async () => {
    const { user } = await renderApp();
    await screen.findByRole('heading', { level: 1 });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    await user.keyboard('{Enter}');

    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', MAIN_CONTENT_ID);
    expect(main).toHaveFocus();
  });

  it('shows the brand and the document title the server sends for the variant', async () => {
    await renderApp({
      config: {
        ...TEST_PORTAL_CONFIG,
        variant: 'community',
        brandName: 'Vireo Community Solutions',
        documentTitle: 'Your Community Solutions Account',
      },
    });

    expect(await screen.findByRole('link', { name: 'Vireo Community Solutions' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Your Community Solutions Account'));
  });

  it('has banner, main and contentinfo landmarks', async () => {
    await renderApp();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(footer).toHaveTextContent('Version 13.22.0-rc.0 · Environment: dev'));
  });
});
