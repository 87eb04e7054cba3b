import {
  type AutoPayScope,
  type AutoPayStatus,
  type CheckoutResponse,
  debitDayCalendar,
  type IsoDate,
  nextDraftDates,
} from '@vireo/shared';
import type { AutoPayTerms } from '../../../components/ui/auto-pay-terms';
import type { ChosenMethod } from './payment-methods';

/**
 * spec §4 combined flows: a one-time payment may also save its method, enrol in Auto Pay with it and turn on
 * paperless billing. The server runs the parts (the checkout, `api/checkout.ts`); the browser offers them.
 */
export type Extras = { autoPay: boolean; terms: AutoPayTerms; paperless: boolean };

export const NO_EXTRAS: Extras = { autoPay: false, terms: { electronic: false, service: false }, paperless: false };

export type AutoPayOffer = {
  services: AutoPayScope[];
  /** Kept simple (issue 6): the first day the calendar allows. */
  debitDay: number;
  firstDraft: IsoDate | null;
  discountCents: number;
};

/** A method Auto Pay can use: saved (or being saved), not prepaid, usable (spec §5). */
function isSavable(chosen: ChosenMethod): boolean {
  if (chosen.kind === 'saved') {
    return chosen.method.allowed && !chosen.method.expired && chosen.method.funding !== 'prepaid';
  }
  return chosen.save && chosen.token.funding !== 'prepaid';
}

/** Auto Pay is offered to an account not enrolled, able to enrol, paying with a method it can keep. */
export function autoPayOffer(status: AutoPayStatus | undefined, chosen: ChosenMethod): AutoPayOffer | null {
  if (!status || status.enrollments.length > 0 || status.ineligibleReason !== null) return null;
  if (!isSavable(chosen)) return null;
  const type = chosen.kind === 'saved' ? chosen.method.type : chosen.token.type;
  // spec §4: mobile Auto Pay accepts cards only; a bank account enrols the core services alone.
  const services = status.services.filter((scope) => scope === 'core' || type === 'card');
  const debitDay = debitDayCalendar(status.cycleDay, status.today).find((day) => day.allowed)?.day;
  if (services.length === 0 || debitDay === undefined) return null;
  const [firstDraft] = nextDraftDates(debitDay, status.cycleDay, status.today, 1);
  return { services, debitDay, firstDraft: firstDraft ?? null, discountCents: status.discountCents };
}

export function paperlessOffered(status: AutoPayStatus | undefined): boolean {
  return !!status && !status.paperless;
}

/** What the checkout answered for the parts asked for (spec §4 combined flows). */
export type CombinedResult = Pick<CheckoutResponse, 'outcome' | 'parts'>;
