import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { renderApp, TEST_PORTAL_CONFIG } from '../../../test/render-app';
import { PAGE_ROUTES } from '../../route-table';
import { forcedRules, forcedSelector } from './forced-state';

describe('the style guide (/dev/ui, issue 16 item 6)', () => {
  it('opens without sign-in outside production: every section, in a labelled state, with no axe violation', async () => {
    await renderApp({ path: '/dev/ui' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Style guide' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Sections of the style guide' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(20);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
    for (const state of ['Default', 'Hover', 'Focus', 'Disabled', 'With an error', 'Loading', 'Empty']) {
      expect(screen.getAllByRole('figure', { name: state }).length, state).toBeGreaterThan(0);
    }
    // the held states are marked for the forced-state stylesheet
    expect(document.querySelectorAll('[data-force-hover]').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('[data-force-focus]').length).toBeGreaterThan(0);
    await expectNoAxeViolations();
  });

  it('is in Spanish too', async () => {
    window.localStorage.setItem('vireo.locale', 'es');
    await renderApp({ path: '/dev/ui' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guía de estilo' })).toBeInTheDocument();
    expect(screen.getAllByRole('figure', { name: 'Con un error' }).length).toBeGreaterThan(0);
  });

  it('is not found in production, and its code is not loaded to show that', async () => {
    const route = PAGE_ROUTES.find((entry) => entry.path === '/dev/ui');
    if (!route || !('load' in route.screen)) throw new Error('/dev/ui is a lazy screen');
    const load = vi.spyOn(route.screen, 'load');
    await renderApp({ path: '/dev/ui', config: { ...TEST_PORTAL_CONFIG, environment: 'prod' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Style guide' })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('forced states', () => {
  it('rewrites hover and focus pseudo-classes to the attributes a held specimen carries', () => {
    expect(forcedSelector('.hover\\:bg-brand-800:hover')).toBe('.hover\\:bg-brand-800[data-force-hover]');
    expect(forcedSelector(':focus-visible')).toBe('[data-force-focus]');
    expect(forcedSelector('.has-focus-visible\\:outline-2:has(:focus-visible)')).toBe(
      '.has-focus-visible\\:outline-2:has([data-force-focus])',
    );
    expect(forcedSelector('main:focus')).toBe('main[data-force-focus]');
    expect(forcedSelector('.x:focus-within')).toBeNull();
    expect(forcedSelector('.bg-brand-700')).toBeNull();
  });

  it('copies the rules that style a hover or a focus, through media queries and layers', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '@media (hover: hover) { .a:hover { color: red; } } .b { color: blue; } :focus-visible { outline: 3px solid; }',
    );
    const rules = forcedRules([sheet.cssRules]).map((rule) => rule.replace(/\s+/g, ' '));
    expect(rules).toHaveLength(2);
    expect(rules[0]).toMatch(/^\.a\[data-force-hover\] \{ color: red;? \}$/);
    expect(rules[1]).toMatch(/^\[data-force-focus\] \{ outline.*3px/);
  });
});
