import type { BillingCategory } from './billing';

/**
 * What a business can change on its own (issue 19 item 2, wider-portal.md §5 "Change service"): another internet tier,
 * adding TV, adding a phone line. Prices per full cycle in cents, as the billing engine bills them (the demo's plans
 * carry the same names and prices). TV needs a technician: an installation visit and its one-time charge.
 */
export type ServiceOffer = {
  id: string;
  kind: 'internet' | 'tv' | 'phone_line';
  category: BillingCategory;
  /** The plan's name, which is also its monthly charge's description on the statement. */
  name: string;
  monthlyCents: number;
  /** Equipment billed monthly with it. */
  equipment?: { description: string; monthlyCents: number };
  /** A technician's visit: its one-time charge. */
  installation?: { description: string; amountCents: number };
};

export const SERVICE_OFFERS = [
  {
    id: 'internet-premier',
    kind: 'internet',
    category: 'internet',
    name: 'Business Internet Premier',
    monthlyCents: 8999,
  },
  { id: 'internet-gig', kind: 'internet', category: 'internet', name: 'Business Internet Gig', monthlyCents: 10999 },
  {
    id: 'internet-ultra',
    kind: 'internet',
    category: 'internet',
    name: 'Business Internet Ultra',
    monthlyCents: 14999,
  },
  {
    id: 'tv-select',
    kind: 'tv',
    category: 'tv',
    name: 'Business TV Select',
    monthlyCents: 5499,
    equipment: { description: 'HD receiver', monthlyCents: 999 },
    installation: { description: 'Professional installation, Business TV', amountCents: 4999 },
  },
  {
    id: 'phone-line',
    kind: 'phone_line',
    category: 'phone',
    name: 'Business Voice, additional line',
    monthlyCents: 2499,
  },
] as const satisfies readonly ServiceOffer[];

export type ServiceOfferId = (typeof SERVICE_OFFERS)[number]['id'];
export const SERVICE_OFFER_IDS = SERVICE_OFFERS.map((offer) => offer.id) as [ServiceOfferId, ...ServiceOfferId[]];

/** What the account has now, as its monthly service charges say. */
export type ServiceState = {
  /** The current internet tier's name, or null without internet service. */
  internetPlan: string | null;
  hasTv: boolean;
  hasPhone: boolean;
};

export type OfferStanding = 'current' | 'available' | 'unavailable';

/**
 * Whether an offer can be ordered: another internet tier needs internet service (a first installation is a sale, not a
 * change); TV when there is none yet; a phone line on an account with business phone. The tier it has is `current`.
 */
export function offerStanding(offer: ServiceOffer, state: ServiceState): OfferStanding {
  switch (offer.kind) {
    case 'internet':
      if (state.internetPlan === null) return 'unavailable';
      return state.internetPlan === offer.name ? 'current' : 'available';
    case 'tv':
      return state.hasTv ? 'current' : 'available';
    case 'phone_line':
      return state.hasPhone ? 'available' : 'unavailable';
  }
}
