import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** quality-bars.md: 0 violations of the WCAG 2.2 AA rules on every page, in English and in Spanish. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeOptions = {
  /** CSS selectors to limit the scan to (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out, e.g. a third-party widget we cannot fix. Say why at the call site. */
  exclude?: string[];
  /** Rule ids to skip. Say why at the call site. */
  disableRules?: string[];
};

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describeViolation(violation: Violation): string {
  const targets = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`);
  const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
  return [
    `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help} — ${violation.helpUrl}`,
    ...targets,
    ...more,
  ].join('\n');
}

/** Runs axe-core on the current page and fails with one readable entry per violated rule. */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);

  const { violations } = await builder.analyze();
  if (violations.length > 0) {
    await test.info().attach('axe-violations.json', {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect(violations.map(describeViolation), `axe violations on ${page.url()}`).toEqual([]);
}
