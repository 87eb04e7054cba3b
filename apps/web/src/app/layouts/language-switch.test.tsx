import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import { renderApp } from '../../test/render-app';

describe('language switch', () => {
  it('switches the page to Spanish, updates <html lang> and remembers the choice', async () => {
    const { user, unmount } = await renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business account, all in one place' }));
    expect(document.documentElement.lang).toBe('en');

    // the header's switch (the footer has one too: the only one below 768 px)
    const group = within(screen.getByRole('banner')).getByRole('radiogroup', { name: 'Language' });
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su cuenta de negocio, todo en un solo lugar' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your business account, all in one place')).not.toBeInTheDocument();
    const groups = screen.getAllByRole('radiogroup', { name: 'Idioma' });
    expect(groups).toHaveLength(2);
    for (const switched of groups) expect(within(switched).getByRole('radio', { name: 'Español' })).toBeChecked();
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

    // Skip link, brand link, the search and help entries, then the language group: Tab reaches it.
    const header = within(screen.getByRole('banner'));
    const english = header.getByRole('radio', { name: 'English' });
    for (let presses = 0; presses < 10 && document.activeElement !== english; presses += 1) await user.tab();
    expect(english).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(header.getByRole('radio', { name: 'Español' })).toHaveFocus();
    await user.keyboard(' ');

    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(header.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
  });

  it('names each language in its own language', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp();
    for (const radio of await screen.findAllByRole('radio', { name: 'English' }))
      expect(radio).toHaveAttribute('lang', 'en');
    for (const radio of screen.getAllByRole('radio', { name: 'Español' })) expect(radio).toHaveAttribute('lang', 'es');
  });
});
