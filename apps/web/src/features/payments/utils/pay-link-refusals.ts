import type { MessageId } from '../../../messages';

/**
 * Why a pay link cannot pay (issue 17 item 7; server: PAY_LINK_* codes): at opening, or at paying when the link
 * changed meanwhile (revoked, expired, used up) or the amount is over what it has left (`{amount}`).
 */
export const PAY_LINK_REFUSALS: Partial<Record<string, { titleId: MessageId; bodyId: MessageId }>> = {
  PAY_LINK_UNKNOWN: { titleId: 'payments.guest.link.unknown.title', bodyId: 'payments.guest.link.unknown.body' },
  PAY_LINK_EXPIRED: { titleId: 'payments.guest.link.expired.title', bodyId: 'payments.guest.link.expired.body' },
  PAY_LINK_REVOKED: { titleId: 'payments.guest.link.revoked.title', bodyId: 'payments.guest.link.revoked.body' },
  PAY_LINK_USED: { titleId: 'payments.guest.link.used.title', bodyId: 'payments.guest.link.used.body' },
  PAY_LINK_CAP_EXCEEDED: {
    titleId: 'payments.guest.link.capExceeded.title',
    bodyId: 'payments.guest.link.capExceeded.body',
  },
};
