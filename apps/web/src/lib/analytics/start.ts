import type { PortalVariant } from '@vireo/shared';
import { readCookie } from '../cookies';
import { attachAnalyticsSink } from './record';

/**
 * Issue 23 item 1 (wider-portal.md §11): the analytics client loads once the page has loaded, so that its code never
 * competes with the page's own; the first script holds this hook and `record.ts` only.
 */
export function startAnalyticsAfterLoad(variant: () => Promise<PortalVariant>): void {
  const begin = () =>
    void import('./browser').then((module) =>
      module.startInBrowser(variant, { attach: attachAnalyticsSink, cookie: readCookie }),
    );
  if (document.readyState === 'complete') setTimeout(begin, 0);
  else window.addEventListener('load', () => setTimeout(begin, 0), { once: true });
}
