import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import { renderApp } from '../../test/render-app';

describe('language switch', () => {
  it('switches the page to Spanish, updates <html lang> and remembers the choice', async () => {
    const { user, unmount } = await renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business account, all in one place' }));
    expect(document.documentElement.lang).toBe('en');

    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su cuenta de negocio, todo en un solo lugar' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your business account, all in one place')).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');

    // A new visit starts in the remembered language.
    unmount();
    await renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su cuenta de negocio, todo en un solo lugar' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('can be operated with the keyboard alone', async () => {
    const { user } = await renderApp();
    await screen.findByRole('heading', { level: 1 });

    // Skip link, brand link, then the language group.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Español' })).toHaveFocus();
    await user.keyboard(' ');

    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
  });

  it('names each language in its own language', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp();
    expect(await screen.findByRole('radio', { name: 'English' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('radio', { name: 'Español' })).toHaveAttribute('lang', 'es');
  });
});
