import { AppError, PASSWORD_MIN_LENGTH, type PasswordProblem, type RuleResult, type SessionPlace } from '@vireo/shared';
import type { FormErrors } from '../../../components/form/use-form';
import { fieldErrorsOf } from '../../../components/ui/api-errors';
import type { MessageId } from '../../../messages';

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export const EMPTY_PASSWORD_FORM: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const ok: RuleResult = { ok: true };
const fail = (message: MessageId): RuleResult => ({ ok: false, message });

/** The words of each policy problem (the open doors' messages: one policy, one set of words). */
export const PROBLEM: Record<PasswordProblem, MessageId> = {
  tooShort: 'password.problem.tooShort',
  tooLong: 'password.problem.tooLong',
  containsUsername: 'password.problem.containsUsername',
  common: 'password.problem.common',
};

export const validateCurrent = (value: string): RuleResult => (value === '' ? fail('security.password.required') : ok);

/**
 * The minimum length, counted as the server counts it (code points); the server judges the rest (the maximum, common
 * passwords, the username), so the policy's code stays out of this page's chunk.
 */
export function validateNew(value: string): RuleResult {
  if (value === '') return fail('security.password.required');
  return [...value].length < PASSWORD_MIN_LENGTH ? fail(PROBLEM.tooShort) : ok;
}

export const validateConfirm = (value: string, values: PasswordFormValues): RuleResult =>
  value === ''
    ? fail('security.password.required')
    : value !== values.newPassword
      ? fail('security.password.mismatch')
      : ok;

/**
 * The server's refusals on their fields: a wrong current password (INVALID_CREDENTIALS) on the current one, the
 * policy's problems (PASSWORD_REFUSED) and a card number on the new one. Empty for any other failure.
 */
export function passwordServerErrors(error: unknown): FormErrors<PasswordFormValues> {
  if (!AppError.is(error)) return {};
  if (error.code === 'INVALID_CREDENTIALS') return { currentPassword: { message: 'security.password.currentWrong' } };
  if (error.code === 'PASSWORD_REFUSED') {
    const code = error.fields?.[0]?.code.replace('password.', '') as PasswordProblem | undefined;
    return { newPassword: { message: (code && PROBLEM[code]) ?? 'password.problem.common' } };
  }
  // the shared CARD_NUMBER_IN_TEXT code, written out: importing it brings the card-number rules into this chunk
  const cardNumber = fieldErrorsOf(error).some((field) => field.code === 'text.cardNumberRefused');
  return cardNumber ? { newPassword: { message: 'text.cardNumberRefused' } } : {};
}

/** Where a session was signed in from, in words: the truncated address, a local network, or unknown. */
export function placeText(place: SessionPlace, words: { local: string; unknown: string }): string {
  if (place.kind === 'address') return place.prefix;
  return place.kind === 'local' ? words.local : words.unknown;
}
