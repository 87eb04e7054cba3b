import {
  type CreatePayLinkRequest,
  MAX_PAYMENT_CENTS,
  MIN_PAYMENT_CENTS,
  PAY_LINK_MAX_DAYS,
  PAY_LINK_MAX_USES,
  PAY_LINK_NOTE_MAX_LENGTH,
  parseAmountToCents,
  type RuleResult,
  validateFreeText,
} from '@vireo/shared';
import type { FormErrors } from '../../../components/form/use-form';

/** The create form's values, as typed. */
export type PayLinkFormValues = { cap: string; days: string; uses: string; note: string };

/** The expiry choices offered (days); the server takes any whole number from 1 to PAY_LINK_MAX_DAYS. */
export const EXPIRY_CHOICES = [1, 3, 7, 14, PAY_LINK_MAX_DAYS] as const;

export const INITIAL_VALUES: PayLinkFormValues = { cap: '', days: '7', uses: '1', note: '' };

/** The cap's bounds: a one-time payment's. */
export const CAP_BOUNDS = { minCents: MIN_PAYMENT_CENTS, maxCents: MAX_PAYMENT_CENTS };

const ok: RuleResult = { ok: true };

/** A whole number typed as digits only ("3", " 10 "), else null. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The cap in dollars ("150", "$1,000.50"): a real amount within a one-time payment's bounds. */
export function validateCap(text: string): RuleResult {
  if (text.trim() === '') return { ok: false, message: 'payLinks.cap.required', values: CAP_BOUNDS };
  const cents = parseAmountToCents(text);
  if (cents === null) return { ok: false, message: 'payLinks.cap.invalid' };
  if (cents < CAP_BOUNDS.minCents || cents > CAP_BOUNDS.maxCents) {
    return { ok: false, message: 'payLinks.cap.range', values: CAP_BOUNDS };
  }
  return ok;
}

export function validateDays(text: string): RuleResult {
  const days = wholeNumber(text);
  return days !== null && days >= 1 && days <= PAY_LINK_MAX_DAYS
    ? ok
    : { ok: false, message: 'payLinks.days.range', values: { max: PAY_LINK_MAX_DAYS } };
}

export function validateUses(text: string): RuleResult {
  const uses = wholeNumber(text);
  return uses !== null && uses >= 1 && uses <= PAY_LINK_MAX_USES
    ? ok
    : { ok: false, message: 'payLinks.uses.range', values: { max: PAY_LINK_MAX_USES } };
}

/** Optional; at most PAY_LINK_NOTE_MAX_LENGTH characters once trimmed, and never a card number (the shared rule). */
export function validateNote(text: string): RuleResult {
  const note = text.trim();
  if (note.length > PAY_LINK_NOTE_MAX_LENGTH) {
    return {
      ok: false,
      message: 'payLinks.note.tooLong',
      values: { max: PAY_LINK_NOTE_MAX_LENGTH, length: note.length },
    };
  }
  return validateFreeText(note);
}

export const PAY_LINK_RULES = {
  cap: validateCap,
  days: validateDays,
  uses: validateUses,
  note: validateNote,
};

/** The request for valid values: the cap in whole cents, the note left out when empty (the server takes 1-200). */
export function toRequest(values: PayLinkFormValues): CreatePayLinkRequest {
  const note = values.note.trim();
  return {
    capCents: parseAmountToCents(values.cap) ?? 0,
    expiresInDays: Number(values.days.trim()),
    usesAllowed: Number(values.uses.trim()),
    ...(note ? { note } : {}),
  };
}

/** The request's fields, by the form's. */
const FIELD_OF: Record<string, keyof PayLinkFormValues> = {
  capCents: 'cap',
  expiresInDays: 'days',
  usesAllowed: 'uses',
  note: 'note',
};

/**
 * The server's field errors (VALIDATION_FAILED, `fieldErrorsOf`) on the form's fields, each with the field's own
 * message (the server's codes are zod's, e.g. `too_big`), except a card number in the note, whose code is its message.
 */
export function serverFieldErrors(fields: readonly { field: string; code: string }[]): FormErrors<PayLinkFormValues> {
  const errors: FormErrors<PayLinkFormValues> = {};
  for (const { field, code } of fields) {
    const name = FIELD_OF[field];
    if (name === 'cap') errors.cap = { message: 'payLinks.cap.range', values: CAP_BOUNDS };
    else if (name === 'days') errors.days = { message: 'payLinks.days.range', values: { max: PAY_LINK_MAX_DAYS } };
    else if (name === 'uses') errors.uses = { message: 'payLinks.uses.range', values: { max: PAY_LINK_MAX_USES } };
    else if (name === 'note') {
      errors.note =
        code === 'text.cardNumberRefused'
          ? { message: 'text.cardNumberRefused' }
          : { message: 'payLinks.note.invalid', values: { max: PAY_LINK_NOTE_MAX_LENGTH } };
    }
  }
  return errors;
}
