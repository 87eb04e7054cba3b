import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Which rows are in the document and the heights of those that are not, above and below them. */
export type WindowRows = {
  /** The first and last index rendered (last < first: none). */
  first: number;
  last: number;
  /** Pixels of the rows before `first` and after `last`, kept by spacers so that the page keeps its height. */
  before: number;
  after: number;
  /** The element where the list starts (its top is the first row's top). */
  anchor: (element: HTMLElement | null) => void;
  /** A rendered row's element, measured while it is in the document (`data-index` names its index). */
  measure: (element: HTMLElement | null) => (() => void) | undefined;
};

/**
 * Windowing against the page's own scroll (ADR 038): the rows in the window and `overscan` beyond each edge are
 * rendered; every other row is a height, its estimate until it has been rendered and measured (a ResizeObserver keeps
 * it true when a row reflows, e.g. stacked as a card on a narrow screen). A row measured at 0 px is not laid out (no
 * layout engine, a hidden page) and keeps its estimate. A row's height counts its bottom margin where it is a block (stacked
 * cards are apart; a table row has none).
 */
export function useWindowRows(options: { count: number; estimate: number; overscan: number }) {
  const { count, estimate, overscan } = options;
  const heights = useRef(new Map<number, number>());
  const anchorElement = useRef<HTMLElement | null>(null);
  // where the list starts on the page (the anchor's top plus the scroll), measured again when the count of rows changes
  const listTop = useRef(0);
  const [version, setVersion] = useState(0);
  const [range, setRange] = useState<[number, number]>(() => [
    0,
    Math.min(count, visibleCount(estimate) + overscan) - 1,
  ]);

  const heightOf = useCallback((index: number) => heights.current.get(index) ?? estimate, [estimate]);

  const update = useCallback(() => {
    const start = window.scrollY - listTop.current;
    const end = start + window.innerHeight;
    let first = 0;
    let top = 0;
    while (first < count - 1 && top + heightOf(first) <= start) top += heightOf(first++);
    let last = first;
    while (last < count - 1 && top + heightOf(last) < end) top += heightOf(last++);
    const next: [number, number] = [Math.max(0, first - overscan), Math.min(count - 1, last + overscan)];
    setRange((current) => (current[0] === next[0] && current[1] === next[1] ? current : next));
  }, [count, overscan, heightOf]);

  // the latest `update`, for the observer, which lives as long as the list (the rows' measuring ref stays the same)
  const latest = useRef(update);
  latest.current = update;

  useLayoutEffect(() => {
    const top = anchorElement.current?.getBoundingClientRect().top;
    if (top !== undefined) listTop.current = top + window.scrollY;
    update();
  }, [update]);

  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [update]);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.index);
              const box = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
              if (!Number.isInteger(index) || box <= 0) continue;
              // a margin counts only where the row is a block (a stacked card): a table row has none, whatever its CSS says
              const style = getComputedStyle(entry.target);
              const margin = style.display === 'table-row' ? 0 : Number.parseFloat(style.marginBottom || '0');
              const height = Math.round(box + margin);
              if (heights.current.get(index) === height) continue;
              heights.current.set(index, height);
              changed = true;
            }
            if (changed) {
              setVersion((value) => value + 1);
              latest.current();
            }
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );
  const anchor = useCallback((element: HTMLElement | null) => {
    anchorElement.current = element;
  }, []);

  const [first, lastWanted] = range;
  const last = Math.min(lastWanted, count - 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` counts the measurements that changed a height
  const [before, after] = useMemo(() => {
    let above = 0;
    let below = 0;
    for (let index = 0; index < count; index++) {
      if (index < first) above += heightOf(index);
      else if (index > last) below += heightOf(index);
    }
    return [above, below];
  }, [count, first, last, heightOf, version]);
  return { first, last, before, after, anchor, measure } satisfies WindowRows;
}

/** How many rows of `estimate` px fill the window (before anything is measured). */
function visibleCount(estimate: number) {
  return typeof window === 'undefined' ? 0 : Math.ceil(window.innerHeight / estimate);
}
