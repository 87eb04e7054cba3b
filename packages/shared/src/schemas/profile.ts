import { z } from 'zod';
import { LOCALES } from '../constants';
import { EmailAddressSchema } from './account-access';
import { freeText } from './free-text';

/**
 * Profile & Settings, the Profile part (issue 18 item 1, wider-portal.md §3). Personal: any signed-in user's own first
 * and last name, mobile number for texts (stored E.164; a national number is read as a US one) and language; the
 * contact e-mail changes only when a link sent to the new address is confirmed, and a notice goes to the old one at
 * once (CPNI, 47 CFR 64.2010(f)). Company (`company.manage`: PRIMARY and ADMIN): the display name, business phone
 * and billing contact; the service address is read-only (changing it is an order by phone).
 */
export const PERSONAL_DETAILS_PATH = '/api/pub/session/v1/personal-details';
export const EMAIL_CHANGE_PATH = `${PERSONAL_DETAILS_PATH}/email`;
export const COMPANY_DETAILS_PATH = '/api/pub/account/v1/company';

/** A name as the users area takes it (freeText: a card number refused). */
export const PERSON_NAME_MAX_LENGTH = 50;
export const COMPANY_NAME_MAX_LENGTH = 100;
/** A telephone number as typed ("(555) 201-0147", "+1 555 201 0147"); the server reads it with libphonenumber-js. */
export const PHONE_INPUT_MAX_LENGTH = 30;
/** The field code of a telephone number libphonenumber-js does not find valid (400 VALIDATION_FAILED). */
export const PHONE_INVALID_CODE = 'phone.invalid';
/** The field code of an e-mail change to the address the user already has (400 VALIDATION_FAILED). */
export const EMAIL_UNCHANGED_CODE = 'email.unchanged';

export const PersonalDetailsSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164, or null when the user has given none. */
  mobilePhone: z.string().nullable(),
  /** Null until the user chooses (the device's language applies). */
  language: z.enum(LOCALES).nullable(),
  /** The address a sent, still valid change link would set; null when none is waiting. */
  pendingEmail: z.string().nullable(),
});
export type PersonalDetails = z.infer<typeof PersonalDetailsSchema>;

export const PersonalDetailsRequestSchema = z.strictObject({
  firstName: freeText({ max: PERSON_NAME_MAX_LENGTH }),
  lastName: freeText({ max: PERSON_NAME_MAX_LENGTH }),
  /** Empty: no mobile number (no texts). */
  mobilePhone: freeText({ min: 0, max: PHONE_INPUT_MAX_LENGTH }),
});
export type PersonalDetailsRequest = z.infer<typeof PersonalDetailsRequestSchema>;

export const EmailChangeRequestSchema = z.strictObject({ email: EmailAddressSchema });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

export const EmailChangeResponseSchema = z.object({
  pendingEmail: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type EmailChangeResponse = z.infer<typeof EmailChangeResponseSchema>;

export const ServiceAddressSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const CompanyDetailsSchema = z.object({
  accountNumber: z.string(),
  /** The name the portal shows: the display name given here, else the company's name on the account. */
  displayName: z.string(),
  /** E.164, or null when none is given. */
  businessPhone: z.string().nullable(),
  billingContactName: z.string().nullable(),
  billingContactEmail: z.string().nullable(),
  /** Read-only: changing it is an order by phone. */
  serviceAddress: z.nullable(ServiceAddressSchema),
});
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

export const CompanyDetailsRequestSchema = z.strictObject({
  displayName: freeText({ max: COMPANY_NAME_MAX_LENGTH }),
  businessPhone: freeText({ max: PHONE_INPUT_MAX_LENGTH }),
  billingContactName: freeText({ max: COMPANY_NAME_MAX_LENGTH }),
  billingContactEmail: EmailAddressSchema,
});
export type CompanyDetailsRequest = z.infer<typeof CompanyDetailsRequestSchema>;
