import { BREAKPOINT_SIDE_MENU_PX, NARROW_LAYOUT_PX, SIDE_MENU_WIDTH_PX } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';

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
});
