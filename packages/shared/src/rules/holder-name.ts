import { HOLDER_NAME_MAX_LENGTH } from '../constants';
import { validateFreeText } from './card-number';
import type { RuleResult } from './payments';

// Its own module, apart from the payment rules the initial chunk formats with: only the forms (lazy) and the server
// check a holder name, and the card-number detector it applies comes with it.

/**
 * Name on Card / Name on Account (spec §3 edit fields): required, at most HOLDER_NAME_MAX_LENGTH characters, and one
 * line of text: a tab, line break or other control character (pasted with the name) would end up in the vault, on
 * receipts and on statements, so it is refused with its own message instead; so is a card number typed as the name
 * (issue 14 item 6: the shared free-text rule, `validateFreeText`).
 */
export function validateHolderName(name: string, kind: 'card' | 'bank'): RuleResult {
  const trimmed = name.trim();
  if (!trimmed)
    return { ok: false, message: kind === 'card' ? 'payments.card.name.required' : 'payments.bank.name.required' };
  if (/\p{Cc}/u.test(trimmed)) return { ok: false, message: 'payments.holderName.controlCharacters' };
  const freeText = validateFreeText(trimmed);
  if (!freeText.ok) return freeText;
  if (trimmed.length > HOLDER_NAME_MAX_LENGTH) {
    return { ok: false, message: 'payments.holderName.tooLong', values: { max: HOLDER_NAME_MAX_LENGTH } };
  }
  return { ok: true };
}
