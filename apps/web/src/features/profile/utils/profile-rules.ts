import {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_UNCHANGED_CODE,
  PERSON_NAME_MAX_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INVALID_CODE,
  type RuleResult,
} from '@vireo/shared';
import type { FormErrors } from '../../../components/form/use-form';
import { fieldErrorsOf } from '../../../components/ui/api-errors';
import type { MessageId } from '../../../messages';

const ok: RuleResult = { ok: true };
const fail = (message: MessageId, values?: Record<string, number>): RuleResult => ({ ok: false, message, values });

/** Filled in and not too long (the server judges the rest: a card number, a telephone number). */
export const required =
  (message: MessageId, max: number) =>
  (value: string): RuleResult => {
    const text = value.trim();
    if (text === '') return fail(message);
    return [...text].length > max ? fail('profile.tooLong', { max }) : ok;
  };

/** A telephone number: optional where `optional`, at most PHONE_INPUT_MAX_LENGTH characters, digits in it. */
export const phone =
  (optional: boolean) =>
  (value: string): RuleResult => {
    const text = value.trim();
    if (text === '') return optional ? ok : fail('profile.phone.required');
    if ([...text].length > PHONE_INPUT_MAX_LENGTH || !/^[+\d\s().-]+$/.test(text)) return fail('profile.phone.invalid');
    return ok;
  };

/** An e-mail address as the server takes it (the server checks it again). */
export function email(value: string): RuleResult {
  const text = value.trim();
  if (text === '') return fail('profile.email.required');
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 254 ? ok : fail('profile.email.invalid');
}

export const PERSON_NAME_MAX = PERSON_NAME_MAX_LENGTH;
export const COMPANY_NAME_MAX = COMPANY_NAME_MAX_LENGTH;

/** The words of the server's field codes. */
const FIELD_CODES: Record<string, MessageId> = {
  [PHONE_INVALID_CODE]: 'profile.phone.invalid',
  [EMAIL_UNCHANGED_CODE]: 'profile.email.unchanged',
  // the shared CARD_NUMBER_IN_TEXT code, written out: importing it brings the card-number rules into this chunk
  'text.cardNumberRefused': 'text.cardNumberRefused',
};

/** The server's refusals on the fields of a form (400 VALIDATION_FAILED); empty for any other failure. */
export function serverFieldErrors<V>(error: unknown, fields: readonly (keyof V & string)[]): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const { field, code } of fieldErrorsOf(error)) {
    if (!fields.includes(field as keyof V & string)) continue;
    const message =
      FIELD_CODES[code] ?? (field.toLowerCase().includes('email') ? 'profile.email.invalid' : 'profile.invalid');
    errors[field as keyof V] = { message };
  }
  return errors;
}
