import {
  AppError,
  type AutoPayChangeResponse,
  type AutoPayScope,
  type AutoPayStatus,
  debitDayCalendar,
  type IsoDate,
  nextDraftDates,
} from '@vireo/shared';
import type { AutoPayTerms } from '../../../components/ui/auto-pay-terms';
import type { ChosenMethod } from './payment-methods';
import type { PaymentOutcome } from './payment-outcome';

/**
 * spec §4 combined flows: a one-time payment may also save its method, enrol in Auto Pay with it and turn on
 * paperless billing. Each part succeeds or fails on its own; the result is full success, partial or full failure.
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

export type CombinedPartName = 'payment' | 'saveMethod' | 'autoPay' | 'paperless';

export type CombinedPart = {
  part: CombinedPartName;
  state: 'ok' | 'failed';
  /** Why it failed: an error code, or one of ours (PAYMENT_FAILED: not tried because no money moved). */
  code: string | null;
};

export type CombinedResult = { outcome: 'success' | 'partial' | 'failure'; parts: CombinedPart[] };

export function combinedOutcome(parts: readonly CombinedPart[]): CombinedResult['outcome'] {
  const ok = parts.filter((part) => part.state === 'ok').length;
  if (ok === parts.length) return 'success';
  return ok === 0 ? 'failure' : 'partial';
}

/** Whether money moved: a receipt without a payment error. */
export function paymentSucceeded(outcome: PaymentOutcome): boolean {
  return (
    outcome.kind === 'response' &&
    outcome.response.outcome !== 'failure' &&
    outcome.response.paymentError === null &&
    outcome.response.payment !== null
  );
}

export type ExtrasDependencies = {
  /** The id of the method the payment used once it is in the wallet (a new one is found in the wallet read again). */
  savedMethodId: () => Promise<string | null>;
  enroll: (request: {
    services: AutoPayScope[];
    paymentMethodId: string;
    debitDay: number;
    paperless: boolean;
  }) => Promise<AutoPayChangeResponse>;
  enrollPaperless: () => Promise<unknown>;
};

const codeOf = (error: unknown) => (AppError.is(error) ? error.code : null);

/**
 * After the payment: the method saved or not, Auto Pay (when asked, and only after money moved with a method the
 * wallet holds), paperless (when asked: with the enrolment, or alone). Every part asked for gets a result.
 */
export async function runExtras(
  outcome: PaymentOutcome,
  chosen: ChosenMethod,
  extras: Extras,
  offer: AutoPayOffer | null,
  deps: ExtrasDependencies,
): Promise<CombinedResult> {
  const paid = paymentSucceeded(outcome);
  const parts: CombinedPart[] = [
    {
      part: 'payment',
      state: paid ? 'ok' : 'failed',
      code: paid ? null : outcome.kind === 'response' ? outcome.response.paymentError : outcome.code,
    },
  ];
  const savingAsked = chosen.kind === 'new' && chosen.save;
  const saved = outcome.kind === 'response' && outcome.response.methodSaved === true;
  if (savingAsked) {
    parts.push({
      part: 'saveMethod',
      state: saved ? 'ok' : 'failed',
      code: saved ? null : outcome.kind === 'response' ? outcome.response.saveError : outcome.code,
    });
  }

  let paperlessDone: CombinedPart | null = null;
  if (extras.autoPay && offer) {
    let part: CombinedPart;
    if (!paid) {
      part = { part: 'autoPay', state: 'failed', code: 'PAYMENT_FAILED' };
    } else {
      let methodId: string | null = null;
      if (chosen.kind === 'saved') methodId = chosen.method.id;
      else if (saved) methodId = await deps.savedMethodId().catch(() => null);
      if (!methodId) {
        part = { part: 'autoPay', state: 'failed', code: 'METHOD_NOT_SAVED' };
      } else {
        try {
          const response = await deps.enroll({
            services: offer.services,
            paymentMethodId: methodId,
            debitDay: offer.debitDay,
            paperless: extras.paperless,
          });
          const failedService = response.parts.find(
            (candidate) =>
              (candidate.part === 'core' || candidate.part === 'mobile') &&
              offer.services.includes(candidate.part) &&
              candidate.result !== 'ok',
          );
          part = failedService
            ? { part: 'autoPay', state: 'failed', code: failedService.result }
            : { part: 'autoPay', state: 'ok', code: null };
          const paperless = response.parts.find((candidate) => candidate.part === 'paperless');
          // A paperless part the enrolment did not reach is tried on its own below.
          if (extras.paperless && paperless && paperless.result !== 'skipped') {
            paperlessDone =
              paperless.result === 'ok'
                ? { part: 'paperless', state: 'ok', code: null }
                : { part: 'paperless', state: 'failed', code: paperless.result };
          }
        } catch (error) {
          part = { part: 'autoPay', state: 'failed', code: codeOf(error) };
        }
      }
    }
    parts.push(part);
  }

  if (extras.paperless) {
    if (!paperlessDone) {
      try {
        await deps.enrollPaperless();
        paperlessDone = { part: 'paperless', state: 'ok', code: null };
      } catch (error) {
        paperlessDone = { part: 'paperless', state: 'failed', code: codeOf(error) };
      }
    }
    parts.push(paperlessDone);
  }

  return { outcome: combinedOutcome(parts), parts };
}
