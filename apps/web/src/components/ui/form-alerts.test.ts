import { describe, expect, it } from 'vitest';

/** Every component's source, as text (Vite reads them at build time; nothing here runs them). */
const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The page-level messages of a form: the error summary and the spec §8 failure panels. */
const PAGE_LEVEL = /<(ErrorPanel|FormErrorSummary)\b/g;

/**
 * Page-level messages that are not in a form (and so have no fields to sit above), by file and count: a new one
 * must be added here with its reason.
 */
const OUTSIDE_FORMS: Record<string, number> = {
  // the cancel failure of a scheduled payment sits under its Cancel button, in the list item
  '../../features/payments/components/scheduled-payments-panel.tsx': 1,
  // a Profile & Settings section that could not be loaded shows its failure instead of its form (issue 18)
  '../../features/profile/components/company-section.tsx': 1,
  '../../features/profile/components/personal-section.tsx': 1,
  '../../features/notifications/components/notifications-section.tsx': 1,
};

/** The end of the JSX expression container that opens at `open` (`{`), counting braces. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return text.length;
}

/** The ranges of a source that are a form's alert slot: `<FormAlerts>…</FormAlerts>` and StepForm's `alerts={…}`. */
function alertSlots(text: string): [number, number][] {
  const slots: [number, number][] = [];
  for (const match of text.matchAll(/<FormAlerts>/g)) {
    const end = text.indexOf('</FormAlerts>', match.index);
    slots.push([match.index, end === -1 ? text.length : end]);
  }
  for (const match of text.matchAll(/\balerts=\{/g)) {
    const open = match.index + match[0].length - 1;
    slots.push([open, closingBrace(text, open)]);
  }
  return slots;
}

describe('page-level form messages (issue 14: above the fields, in every form)', () => {
  it('have one error summary: every form says "Please correct the following errors." through FormErrorSummary', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const owners = Object.entries(sources)
      .filter(([, text]) => text.includes("'payments.errors.correctFields'"))
      .map(([file]) => file);
    expect(owners).toEqual(['./form-alerts.tsx']);
  });

  it('sit in the alert slot of their form (FormAlerts under the heading, or StepForm alerts), never among the fields', () => {
    const misplaced: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (!/<form\b|<Form\b|<StepForm\b/.test(text) || file.endsWith('/form-alerts.tsx')) continue;
      const slots = alertSlots(text);
      const outside = [...text.matchAll(PAGE_LEVEL)].filter(
        (match) => !slots.some(([start, end]) => match.index > start && match.index < end),
      );
      if (outside.length !== (OUTSIDE_FORMS[file] ?? 0)) {
        misplaced.push(`${file}: ${outside.length} outside the alert slot`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('every form shows its alert slot right under its heading, before any field', () => {
    const late: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const form of text.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
        const body = form[0];
        const slot = body.indexOf('<FormAlerts>');
        const firstField = body.search(/<(input|select|textarea|TextField|fieldset|CardForm|BankForm)\b|\.fields\b/);
        if (!body.includes('<ErrorPanel') && !body.includes('<FormErrorSummary') && slot === -1) continue;
        if (slot === -1 || (firstField !== -1 && firstField < slot)) late.push(file);
      }
    }
    expect(late).toEqual([]);
  });
});
