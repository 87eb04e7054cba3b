import {
  ACCESS_END_MAX_DAYS,
  AppError,
  addDays,
  CARD_NUMBER_IN_TEXT,
  type InvitedRole,
  InviteRequestSchema,
  type IsoDate,
  type Locale,
  type PortalRole,
  type RuleResult,
  toIsoDate,
  validateFreeText,
} from '@vireo/shared';
import type { FormErrors } from '../../../components/form/use-form';
import { fieldErrorsOf } from '../../../components/ui/api-errors';
import { refusalBodyId } from '../../../components/ui/refusal';
import type { MessageId } from '../../../messages';
import type { InviteRequest } from '../api/users-api';

/** A role in words (never the code). */
export const ROLE_NAME: Record<PortalRole, MessageId> = {
  PRIMARY: 'users.role.PRIMARY',
  ADMIN: 'users.role.ADMIN',
  BILLING: 'users.role.BILLING',
  STANDARD: 'users.role.STANDARD',
};

/** What each role that can be given may do (the role choices' descriptions). */
export const ROLE_SUMMARY: Record<InvitedRole, MessageId> = {
  ADMIN: 'users.role.ADMIN.summary',
  BILLING: 'users.role.BILLING.summary',
  STANDARD: 'users.role.STANDARD.summary',
};

export const INVITED_ROLE_CHOICES: readonly InvitedRole[] = ['ADMIN', 'BILLING', 'STANDARD'];

/** The user's calendar day (the server checks the end of access again in the account's time zone). */
export function localToday(): IsoDate {
  const now = new Date();
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The days an end of access may fall on: tomorrow to ACCESS_END_MAX_DAYS ahead. */
export function accessEndWindow(today: IsoDate): { first: IsoDate; last: IsoDate } {
  return { first: addDays(today, 1), last: addDays(today, ACCESS_END_MAX_DAYS) };
}

/**
 * An optional end of access typed in the language's date format: empty is lasting access; otherwise a real date from
 * tomorrow to ACCESS_END_MAX_DAYS ahead. `parse` is the language's (lib/date-format.ts), `today` the user's day.
 */
export function validateAccessEnd(text: string, parse: (text: string) => IsoDate | null, today: IsoDate): RuleResult {
  if (text.trim() === '') return { ok: true };
  const date = parse(text);
  if (date === null) return { ok: false, message: 'users.accessEnd.invalid' };
  const { first, last } = accessEndWindow(today);
  if (date < first || date > last) {
    // `earliest` and `latest` are shown as dates (components/form/rule-message.ts)
    return { ok: false, message: 'users.accessEnd.range', values: { earliest: first, latest: last } };
  }
  return { ok: true };
}

/** The invite form's values, as typed. */
export type InviteFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  role: InvitedRole | '';
  accessEndsOn: string;
  language: Locale;
};

export function initialInviteValues(language: Locale): InviteFormValues {
  return { email: '', firstName: '', lastName: '', role: '', accessEndsOn: '', language };
}

const ok: RuleResult = { ok: true };

/** The server's e-mail rule (free text, then an address), with the field's message; a card number has its own. */
export function validateEmail(text: string): RuleResult {
  if (text.trim() === '') return { ok: false, message: 'users.invite.email.required' };
  const freeText = validateFreeText(text);
  if (!freeText.ok) return freeText;
  return InviteRequestSchema.shape.email.safeParse(text.trim()).success
    ? ok
    : { ok: false, message: 'users.invite.email.invalid' };
}

/** A first or last name: 1-50 characters once trimmed, never a card number (the shared free-text rule). */
export function validateName(text: string, which: 'first' | 'last'): RuleResult {
  const name = text.trim();
  if (name === '') {
    return {
      ok: false,
      message: which === 'first' ? 'users.invite.firstName.required' : 'users.invite.lastName.required',
    };
  }
  if (name.length > 50) return { ok: false, message: 'users.invite.name.tooLong', values: { max: 50 } };
  return validateFreeText(name);
}

export function validateRole(role: InvitedRole | ''): RuleResult {
  return role === '' ? { ok: false, message: 'users.invite.role.required' } : ok;
}

/** The request for valid values: names trimmed, the end of access left out when empty. */
export function toInviteRequest(values: InviteFormValues, parse: (text: string) => IsoDate | null): InviteRequest {
  const accessEndsOn = values.accessEndsOn.trim() ? parse(values.accessEndsOn) : null;
  return {
    email: values.email.trim().toLowerCase(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    role: values.role === '' ? 'STANDARD' : values.role,
    language: values.language,
    ...(accessEndsOn ? { accessEndsOn } : {}),
  };
}

const INVITE_FIELD: Record<string, keyof InviteFormValues> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  role: 'role',
  accessEndsOn: 'accessEndsOn',
  language: 'language',
};

const INVITE_FIELD_MESSAGE: Record<keyof InviteFormValues, MessageId> = {
  email: 'users.invite.email.invalid',
  firstName: 'users.invite.name.invalid',
  lastName: 'users.invite.name.invalid',
  role: 'users.invite.role.required',
  accessEndsOn: 'users.accessEnd.invalid',
  language: 'users.invite.language.invalid',
};

/**
 * The server's answer on the invite form's fields: VALIDATION_FAILED by field (a card number with its own message),
 * ALREADY_MEMBER on the e-mail ("already a user or invited; resend that invitation").
 */
export function inviteServerErrors(error: unknown): FormErrors<InviteFormValues> {
  if (AppError.is(error) && error.code === 'ALREADY_MEMBER')
    return { email: { message: 'users.invite.alreadyMember' } };
  const errors: FormErrors<InviteFormValues> = {};
  for (const { field, code } of fieldErrorsOf(error)) {
    const name = INVITE_FIELD[field];
    if (!name) continue;
    errors[name] = { message: code === CARD_NUMBER_IN_TEXT ? CARD_NUMBER_IN_TEXT : INVITE_FIELD_MESSAGE[name] };
  }
  return errors;
}

/**
 * Why a change to a user failed, in words: the protected users (wider-portal.md §4: nobody acts on themselves, an
 * ADMIN never on the PRIMARY), a refused Primary transfer, a cancelled step-up, a user gone meanwhile.
 */
export function changeFailureBodyId(error: unknown): MessageId {
  if (AppError.is(error)) {
    if (error.code === 'USER_PROTECTED') {
      return error.details?.reason === 'self' ? 'users.errors.protected.self' : 'users.errors.protected.primary';
    }
    if (error.code === 'PRIMARY_TRANSFER_INVALID') return 'users.errors.transferInvalid';
    if (error.code === 'NOT_FOUND') return 'users.errors.notFound';
    if (error.code === 'RATE_LIMITED') return 'users.errors.rateLimited';
    // the role changed meanwhile (another admin, a Primary transfer): not the billing refusal's sentence
    if (error.code === 'FORBIDDEN') return 'users.errors.forbidden';
  }
  return refusalBodyId(error) ?? 'users.errors.change.body';
}
