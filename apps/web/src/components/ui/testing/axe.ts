import axe from 'axe-core';
import { expect } from 'vitest';

/** quality-bars.md: the WCAG 2.2 AA rules, as in the browser suite (e2e/support/axe.ts). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core over the test DOM. The test DOM has no layout or stylesheet, so colour contrast is left to the browser
 * suite; everything structural (names, roles, ARIA, labels, focusable hidden content) is checked here.
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(
    result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
