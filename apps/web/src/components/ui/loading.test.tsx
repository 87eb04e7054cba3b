import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { ListSkeleton, PageSkeleton, PanelSkeleton } from './loading';

/** Every component's source, as text (Vite reads them at build time; nothing here runs them). */
const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('loading states (issue 16)', () => {
  it('draw the content’s shape for the eye only, and say what loads to screen readers', async () => {
    const { container } = await renderWithProviders(
      <>
        <ListSkeleton rows={4} label="Loading your payments" />
        <PanelSkeleton />
        <PageSkeleton />
      </>,
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Loading your payments',
      'Loading…',
      'Loading…',
    ]);
    expect(container.querySelectorAll('[aria-hidden="true"] li')).toHaveLength(4);
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
    // the pulse stops for people who ask for reduced motion
    for (const shape of container.querySelectorAll('[aria-hidden="true"]')) {
      expect(shape.className).toContain('motion-safe:animate-pulse');
    }
  });

  it('are never a spinner: no component spins', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const spinning = Object.entries(sources)
      .filter(([, text]) => /animate-spin|\bSpinner\b/.test(text))
      .map(([file]) => file);
    expect(spinning).toEqual([]);
  });
});
