import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** The states a specimen can be held in; the attribute that stands for the pseudo-class. */
export type ForcedState = 'hover' | 'focus';

const ATTRIBUTE: Record<ForcedState, string> = { hover: 'data-force-hover', focus: 'data-force-focus' };

/** What takes focus in a specimen: its first control. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * `:hover` and `:focus-visible` (or `:focus`) in a selector, rewritten to the attributes a forced specimen carries.
 * `:focus-within` stays: a parent of a forced control is not focused either.
 */
export function forcedSelector(selector: string): string | null {
  if (!/:hover|:focus(?:-visible)?(?![\w-])/.test(selector)) return null;
  return selector
    .replace(/:hover/g, `[${ATTRIBUTE.hover}]`)
    .replace(/:focus(?:-visible)?(?![\w-])/g, `[${ATTRIBUTE.focus}]`);
}

type RuleList = { readonly length: number; [index: number]: CSSRule };

/**
 * The rules of the page's stylesheets that style a hover or a focus, copied with the forced attributes in place of
 * the pseudo-classes. Media queries (Tailwind's `@media (hover: hover)`) and layers are looked through: a held state
 * shows whatever the device. Nested rules are not expected (the build flattens them) and are skipped.
 */
export function forcedRules(lists: Iterable<RuleList>): string[] {
  const rules: string[] = [];
  const visit = (list: RuleList) => {
    for (let index = 0; index < list.length; index++) {
      const rule = list[index];
      if (!rule) continue;
      if ('selectorText' in rule && 'style' in rule) {
        const style = rule as CSSStyleRule;
        const selector = forcedSelector(style.selectorText);
        if (selector && style.style.cssText) rules.push(`${selector} { ${style.style.cssText} }`);
      } else if ('cssRules' in rule) {
        visit((rule as CSSGroupingRule).cssRules);
      }
    }
  };
  for (const list of lists) visit(list);
  return rules;
}

/** One stylesheet for every forced specimen, adopted while any is on the page (through the CSSOM, not a style element). */
let sheet: CSSStyleSheet | null = null;
let users = 0;

function readableRules(): RuleList[] {
  const lists: RuleList[] = [];
  for (const styleSheet of Array.from(document.styleSheets)) {
    try {
      lists.push(styleSheet.cssRules);
    } catch {
      // a stylesheet of another origin cannot be read; the portal has none
    }
  }
  return lists;
}

function adoptSheet(): void {
  users += 1;
  if (users > 1 || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(forcedRules(readableRules()).join('\n'));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function releaseSheet(): void {
  users -= 1;
  if (users > 0 || !sheet) return;
  const adopted = sheet;
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((entry) => entry !== adopted);
  sheet = null;
}

/**
 * Holds its content in a hover or focus state, so the style guide shows it without a pointer or a keyboard (and a
 * screenshot catches it): hover marks every element inside (the pointer is over all of them), focus the first
 * control. The controls still work, and their live states still show.
 */
export function ForcedStateWrapper({ state, children }: { state: ForcedState; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    adoptSheet();
    const attribute = ATTRIBUTE[state];
    const marked =
      state === 'hover'
        ? Array.from(root.querySelectorAll('*'))
        : [root.querySelector(FOCUSABLE)].filter((element) => element !== null);
    for (const element of marked) element.setAttribute(attribute, '');
    return () => {
      for (const element of marked) element.removeAttribute(attribute);
      releaseSheet();
    };
  }, [state]);
  return <div ref={ref}>{children}</div>;
}
