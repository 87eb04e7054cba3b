import type { AutoPayEnrollment, AutoPayScope, AutoPayStatus, WalletMethod } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/** spec §3 service types: Internet, TV and Business Phone are billed together ("core"); Mobile apart. */
export const SCOPE_NAMES: Record<AutoPayScope, MessageId> = {
  core: 'autopay.scope.core',
  mobile: 'autopay.scope.mobile',
};

/** Core first, then mobile, whatever order the server used. */
export function sortScopes(scopes: readonly AutoPayScope[]): AutoPayScope[] {
  return (['core', 'mobile'] as const).filter((scope) => scopes.includes(scope));
}

export function enrollmentOf(status: AutoPayStatus, scope: AutoPayScope): AutoPayEnrollment | null {
  return status.enrollments.find((enrollment) => enrollment.scope === scope) ?? null;
}

/** The account's services not enrolled yet. */
export function unenrolledScopes(status: AutoPayStatus): AutoPayScope[] {
  return sortScopes(status.services.filter((scope) => !enrollmentOf(status, scope)));
}

/** Why a saved method cannot pay Auto Pay for the chosen services (spec §5), or an empty list when it can. */
export function methodBlockers(method: WalletMethod, services: readonly AutoPayScope[]): MessageId[] {
  const reasons: MessageId[] = [];
  if (method.expired) reasons.push('payments.method.expired');
  if (!method.allowed) reasons.push('payments.method.notAccepted');
  // spec §4 / §5: mobile Auto Pay accepts cards only.
  if (method.type === 'bank' && services.includes('mobile')) reasons.push('autopay.method.cardsOnlyForMobile');
  // spec §5: prepaid and gift cards are never used for Auto Pay (the wallet should not hold one).
  if (method.funding === 'prepaid') reasons.push('autopay.method.prepaid');
  return reasons;
}

export function canAddCard(restriction: string): boolean {
  return restriction === 'none' || restriction === 'bank';
}

export function canAddBank(restriction: string): boolean {
  return restriction === 'none' || restriction === 'card';
}
