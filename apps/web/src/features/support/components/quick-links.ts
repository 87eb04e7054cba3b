import { foldText } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/**
 * The portal's own pages as quick links above the search's articles (issue 21 item 2, wider-portal.md §9): each with
 * its name and the words people use for it, in the page's language (`support.quick.*`).
 */
export const QUICK_LINKS = [
  { to: '/billing/pay-bill', id: 'payBill' },
  { to: '/billing/pay-bill?open=ap', id: 'autopay' },
  { to: '/billing/view-statements', id: 'statements' },
  { to: '/services', id: 'services' },
  { to: '/voice/messages', id: 'voicemail' },
  { to: '/user-preferences/people', id: 'users' },
  { to: '/profile-and-settings', id: 'profile' },
  { to: '/service-appointments', id: 'visits' },
  { to: '/outage-map', id: 'outages' },
  { to: '/contactus', id: 'contact' },
] as const satisfies readonly { to: string; id: string }[];

export type QuickLink = (typeof QUICK_LINKS)[number];
export const quickLinkName = (link: QuickLink) => `support.quick.${link.id}` as MessageId;
export const quickLinkWords = (link: QuickLink) => `support.quick.${link.id}.words` as MessageId;

/**
 * The quick links a query names: a link matches when one of the query's words (3 letters or more) begins one of its
 * words (its name's and its own list's), accents and case aside. At most `max`, in the list's order.
 */
export function matchQuickLinks(query: string, wordsOf: (link: QuickLink) => string, max = 3): readonly QuickLink[] {
  const asked = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
  if (asked.length === 0) return [];
  return QUICK_LINKS.filter((link) => {
    const own = foldText(wordsOf(link)).split(/[^\p{L}\p{N}]+/u);
    return asked.some((word) => own.some((candidate) => candidate.startsWith(word)));
  }).slice(0, max);
}
