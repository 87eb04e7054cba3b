import { AppError, CARD_NUMBER_IN_TEXT, passwordProblems, type RuleResult } from '@vireo/shared';
import type { ZodType } from 'zod';
import type { FormErrors } from '../../../components/form/use-form';
import { fieldErrorsOf } from '../../../components/ui/api-errors';
import type { MessageId } from '../../../messages';

/**
 * A field's rule is the server's own: the field's part of the shared request schema (packages/shared/src/schemas/
 * account-access.ts), with the field's message; a card number typed into it has the free-text rule's own message.
 */
export function schemaRule(schema: ZodType, message: MessageId) {
  return (value: string): RuleResult => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true };
    const cardNumber = parsed.error.issues.some(
      (issue) =>
        issue.code === 'custom' &&
        (issue as { params?: { fieldCode?: string } }).params?.fieldCode === CARD_NUMBER_IN_TEXT,
    );
    return { ok: false, message: cardNumber ? CARD_NUMBER_IN_TEXT : message };
  };
}

/** The browser's share of the password policy (length, the username); the server adds the common-password list. */
export function passwordRule(password: string, username: string): RuleResult {
  const [problem] = passwordProblems(password, username);
  if (problem === undefined) return { ok: true };
  return { ok: false, message: `password.problem.${problem}` };
}

/**
 * The server's field errors as the form's: a refused password's problems (`password.<problem>`) read as the meter
 * words them, a taken username as the username's, the rest by field with the field's own message.
 */
export function serverFieldErrors<V>(
  error: unknown,
  messages: Partial<Record<keyof V & string, MessageId>>,
): FormErrors<V> {
  const errors: FormErrors<V> = {};
  if (AppError.is(error) && error.code === 'USERNAME_TAKEN') {
    (errors as Record<string, { message: string }>).username = { message: 'accountAccess.errors.usernameTaken' };
    return errors;
  }
  for (const { field, code } of fieldErrorsOf(error).concat(passwordRefusals(error))) {
    const message =
      code === CARD_NUMBER_IN_TEXT
        ? code
        : code.startsWith('password.')
          ? code.replace('password.', 'password.problem.')
          : messages[field as keyof V & string];
    if (message && field in messages) (errors as Record<string, { message: string }>)[field] = { message };
  }
  return errors;
}

/** PASSWORD_REFUSED carries its problems as field errors on `body.password`. */
function passwordRefusals(error: unknown): { field: string; code: string }[] {
  if (!AppError.is(error) || error.code !== 'PASSWORD_REFUSED') return [];
  return (error.fields ?? []).map((field) => ({ field: 'password', code: field.code }));
}
