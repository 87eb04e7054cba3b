import { BREAKPOINT_SIDE_MENU_PX, NARROW_LAYOUT_PX, SIDE_MENU_WIDTH_PX } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';

/** Every component's source, as text (Vite reads them at build time; nothing here runs them). */
const sources = import.meta.glob<string>(['./**/*.tsx', '!./**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function token(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

// CSS cannot import TypeScript, so the layout tokens repeat the spec §9 numbers; this keeps them equal.
describe('design tokens', () => {
  it('match the layout constants of spec §2.4', () => {
    expect(token('breakpoint-side-menu')).toBe(`${BREAKPOINT_SIDE_MENU_PX}px`);
    expect(token('breakpoint-narrow')).toBe(`${NARROW_LAYOUT_PX}px`);
    expect(token('spacing-side-menu')).toBe(`${SIDE_MENU_WIDTH_PX}px`);
  });

  it('are the only breakpoints the components use (Tailwind’s own, such as sm: or lg:, are reset and do nothing)', () => {
    const ours = [...css.matchAll(/--breakpoint-([a-z-]+):\s*\d+px;/g)].map((match) => match[1]);
    expect(ours).toEqual(['narrow', 'md', 'side-menu', 'xl']);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const unknown = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/[\s"'`](max-)?(sm|lg|2xl):[\w[\]-]+/g)].map((match) => `${file}: ${match[0].trim()}`),
    );
    expect(unknown).toEqual([]);
  });
});
